import type { RealNameInput, RealNameStatus } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { AuditService, OperatorActor } from '../audit/audit.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { MemberViews } from './member-views.js';
import type { MembersRepository } from './members.repository.js';

/** Real-name verification: the member submits, an operator approves or rejects. */
export function createRealNameService(d: {
  db: Db;
  repo: MembersRepository;
  views: MemberViews;
  clock: Clock;
  uploads: UploadsService;
  audit: AuditService;
}) {
  const { db, repo, views, clock } = d;

  return {
    async submitRealName(memberId: number, input: RealNameInput) {
      const owner = { type: 'member' as const, id: memberId };
      const [front, back] = await Promise.all([
        d.uploads.ownedKey(owner, 'idcard', input.frontImage),
        d.uploads.ownedKey(owner, 'idcard', input.backImage),
      ]);
      if (!front) throw invalidField('frontImage');
      if (!back) throw invalidField('backImage');
      const row = await repo.submitRealName(memberId, {
        realNameStatus: 'pending',
        realName: input.realName,
        idNumber: input.idNumber,
        idFrontKey: front,
        idBackKey: back,
        realNameReason: null,
        realNameSubmittedAt: new Date(clock.now()),
        realNameReviewedAt: null,
      });
      if (!row) {
        const me = await repo.find(memberId);
        if (!me) throw notFound();
        throw fail(me.realNameStatus === 'verified' ? 'REAL_NAME_VERIFIED' : 'REAL_NAME_PENDING');
      }
      return { realNameStatus: 'pending' as const };
    },

    async realNameQueue(q: { status?: RealNameStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({
        realNameStatus: q.status ?? 'pending',
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await Promise.all(rows.map(views.toReviewRow)), total, q);
    },

    /**
     * The submission's name and ID number in full, for the reviewer comparing them with the
     * photos. Each reveal is audited in the same transaction as the read (who, whose, when),
     * never with the values themselves; a member who submitted nothing is 404.
     */
    async revealRealName(actor: OperatorActor, memberId: number) {
      return db.transaction(async (tx) => {
        const row = await repo.find(memberId, tx);
        if (!row || row.realNameStatus === 'none' || !row.realName || !row.idNumber) throw notFound();
        await d.audit.record(tx, actor, {
          action: 'realname.reveal',
          targetType: 'member',
          targetId: memberId,
          after: { realNameStatus: row.realNameStatus, revealed: ['realName', 'idNumber'] },
        });
        return { realName: row.realName, idNumber: row.idNumber };
      });
    },

    async reviewRealName(actor: OperatorActor, memberId: number, input: { approve: boolean; reason?: string }) {
      const row = await db.transaction(async (tx) => {
        const before = await repo.findForUpdate(memberId, tx);
        if (!before) throw notFound();
        if (before.realNameStatus !== 'pending') throw fail('REAL_NAME_NOT_PENDING');
        const status = input.approve ? 'verified' : 'rejected';
        const after = await repo.update(
          memberId,
          {
            realNameStatus: status,
            realNameReason: input.approve ? null : (input.reason ?? ''),
            realNameReviewedAt: new Date(clock.now()),
          },
          tx,
        );
        await d.audit.record(tx, actor, {
          action: input.approve ? 'realname.approve' : 'realname.reject',
          targetType: 'member',
          targetId: memberId,
          before: { realNameStatus: before.realNameStatus },
          after: { realNameStatus: status, reason: input.reason ?? null },
        });
        return after!;
      });
      return views.toReviewRow(row);
    },
  };
}
export type RealNameService = ReturnType<typeof createRealNameService>;
