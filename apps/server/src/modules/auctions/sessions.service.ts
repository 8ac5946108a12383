import { auctionRulesFromSettings, type AuctionSession, type SessionInput } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { invalidField, notFound } from '../../lib/domain-error.js';
import { FILE_URL } from '../../lib/file-url.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { Actor, AuditService, OperatorActor } from '../audit/audit.service.js';
import type { MembersService } from '../members/members.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AuctionsRepository } from './auctions.repository.js';
import { toSession } from './lot-state.js';
import { createStagger } from './stagger.js';
import { storedTerms } from '../search/search-terms.js';

/** A lot scheduled in the past by more than this is refused. */
const START_GRACE_MS = 60_000;

/** A lot to schedule: one piece in custody (a house unit or an approved consignment). */
export interface NewLot {
  holdingId: number;
  consignorId: number | null;
  delegationId: number | null;
  title: string;
  cover: string;
  images: string[];
  description: string;
  era: string;
  material: string;
  dimensions: string;
  provenance: string;
  startPrice: number;
  reservePrice: number | null;
  startsAt: number;
  endsAt: number;
  sessionId: number | null;
  /** The catalogue product the piece is a unit of (a house lot), for its condition report and search. */
  productId?: number | null;
  /** Search (issue 18): the department the lot is searched under (id and words). */
  categoryId?: number | null;
  department?: string;
}

/**
 * The operators' sessions, and lots scheduled (with the rules of the day) in the caller's
 * transaction. Each end set here (a new lot, a session's lots put in new slots) is told to the
 * close job (notices' `lotEndSet`), which otherwise sleeps until the end it knew of.
 */
export function createSessionsService(d: {
  db: Db;
  repo: AuctionsRepository;
  clock: Clock;
  settings: Pick<SettingsService, 'all'>;
  members: Pick<MembersService, 'bidderKeyIfVerified'>;
  audit: Pick<AuditService, 'record'>;
  notices: Pick<NoticesService, 'lotEndSet'>;
}) {
  const { db, repo, clock } = d;
  const stagger = createStagger();

  return {
    /** Schedules a lot inside the caller's transaction (a house lot, an approved consignment). */
    async createLot(tx: Tx, p: NewLot): Promise<{ id: number }> {
      const now = clock.now();
      if (!Number.isSafeInteger(p.startsAt) || p.startsAt < now - START_GRACE_MS) throw invalidField('startsAt');
      if (!Number.isSafeInteger(p.endsAt) || p.endsAt <= p.startsAt) throw invalidField('endsAt');
      if (!Number.isSafeInteger(p.startPrice) || p.startPrice <= 0) throw invalidField('startPrice');
      if (p.reservePrice !== null && (!Number.isSafeInteger(p.reservePrice) || p.reservePrice <= 0))
        throw invalidField('reservePrice');
      // The session locked: two lots added to a staggered session at once take two slots (issue 18).
      const session = p.sessionId !== null ? await repo.findSessionForUpdate(p.sessionId, tx) : undefined;
      if (p.sessionId !== null && !session) throw invalidField('sessionId');
      const endsAt = session ? await stagger.endOfNewLot(tx, session, p) : p.endsAt;
      const consignorKey = p.consignorId === null ? null : await d.members.bidderKeyIfVerified(p.consignorId, tx);
      const row = await repo.insertLot(
        {
          sessionId: p.sessionId,
          holdingId: p.holdingId,
          consignorId: p.consignorId,
          consignorKey,
          delegationId: p.delegationId,
          title: p.title,
          cover: p.cover,
          images: p.images,
          description: p.description,
          era: p.era,
          material: p.material,
          dimensions: p.dimensions,
          provenance: p.provenance,
          startPrice: p.startPrice,
          reservePrice: p.reservePrice,
          productId: p.productId ?? null,
          startsAt: new Date(p.startsAt),
          plannedEnd: new Date(endsAt),
          endsAt: new Date(endsAt),
          // The rules as they are now, kept with the lot: a settings change never moves a running lot.
          rules: auctionRulesFromSettings(await d.settings.all()),
          status: 'scheduled',
          currentPrice: p.startPrice,
          bidCount: 0,
          createdAt: new Date(now),
          categoryId: p.categoryId ?? null,
          searchTerms: storedTerms(p),
        },
        tx,
      );
      await d.notices.lotEndSet({ id: row.id, endsAt }, tx);
      return { id: row.id };
    },

    async sessions(q: { page: number; pageSize: number; keyword?: string }) {
      const { rows, total } = await repo.sessionPage({
        limit: q.pageSize,
        offset: offsetOf(q),
        ...(q.keyword ? { keyword: q.keyword } : {}),
      });
      return pageResult(
        rows.map((r) => ({ ...toSession(r.session), lotCount: r.lotCount })),
        total,
        q,
      );
    },

    async createSession(actor: Actor, input: SessionInput): Promise<AuctionSession> {
      if (!FILE_URL.test(input.cover)) throw invalidField('cover');
      return db.transaction(async (tx) => {
        const row = await repo.insertSession(
          {
            title: input.title,
            cover: input.cover,
            startsAt: new Date(input.startsAt),
            staggerSeconds: input.staggerSeconds ?? 0,
            createdAt: new Date(clock.now()),
          },
          tx,
        );
        await d.audit.record(tx, actor, {
          action: 'auction.session.create',
          targetType: 'auction_session',
          targetId: row.id,
          after: toSession(row),
        });
        return toSession(row);
      });
    },

    async updateSession(actor: OperatorActor, id: number, input: SessionInput): Promise<AuctionSession> {
      if (!FILE_URL.test(input.cover)) throw invalidField('cover');
      return db.transaction(async (tx) => {
        const before = await repo.findSessionForUpdate(id, tx);
        if (!before) throw notFound();
        const row = (await repo.updateSession(
          id,
          {
            title: input.title,
            cover: input.cover,
            startsAt: new Date(input.startsAt),
            ...(input.staggerSeconds !== undefined ? { staggerSeconds: input.staggerSeconds } : {}),
          },
          tx,
        ))!;
        // A changed stagger puts the session's lots still to end in their new slots (issue 18).
        if (row.staggerSeconds !== before.staggerSeconds) {
          // In slot order: the first has the earliest new end, all the close job needs to wake.
          const [first] = await stagger.retimeSession(tx, row, clock.now());
          if (first) await d.notices.lotEndSet(first, tx);
        }
        await d.audit.record(tx, actor, {
          action: 'auction.session.update',
          targetType: 'auction_session',
          targetId: id,
          before: toSession(before),
          after: toSession(row),
        });
        return toSession(row);
      });
    },
  };
}
