import crypto from 'node:crypto';
import type { AdminRecharge, Page, PaymentNotice, Recharge, RechargeChannel, RechargeStatus } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { chinaTime } from '../../lib/china-day.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { MembersService } from '../members/members.service.js';
import {
  createPaymentsRepository,
  type PaymentNoticeInsert,
  type RechargeFilter,
  type RechargeRow,
} from './payments.repository.js';

export type { RechargeRow } from './payments.repository.js';

/** R20261127153005 + six random digits, China time: sortable, unique, hard to guess. */
function newRechargeNo(now: number): string {
  return `R${chinaTime(now).replace(/\D/g, '')}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

export function toRecharge(r: RechargeRow): Recharge {
  return {
    id: r.id,
    no: r.no,
    amount: r.amount,
    channel: r.channel,
    status: r.status,
    ...(r.orderId !== null ? { orderId: r.orderId } : {}),
    createdAt: r.createdAt.getTime(),
    ...(r.paidAt ? { paidAt: r.paidAt.getTime() } : {}),
    // The provider's page is only worth opening while the recharge waits for its money.
    ...(r.payUrl && r.status === 'pending' ? { payUrl: r.payUrl } : {}),
    expiresAt: r.expiresAt.getTime(),
  };
}

/**
 * Owner of `recharges` and `payment_notices` (money in online): a recharge opened, its page
 * address, paid once per provider transaction, closed when it expired unpaid; every notice
 * kept with its verdict. Moving the money is the recharge flow's.
 */
export function createPaymentsService(d: { db: Db; clock: Clock; members: Pick<MembersService, 'phonesOf'> }) {
  const { db, clock } = d;
  const repo = createPaymentsRepository(db);

  async function adminViews(rows: RechargeRow[]): Promise<AdminRecharge[]> {
    const phones = await d.members.phonesOf([...new Set(rows.map((r) => r.memberId))]);
    return rows.map((r) => ({
      ...toRecharge(r),
      memberId: r.memberId,
      memberPhone: phones.get(r.memberId) ?? '',
      ...(r.providerTradeNo ? { providerTradeNo: r.providerTradeNo } : {}),
      late: r.late,
      ...(r.closedAt ? { closedAt: r.closedAt.getTime() } : {}),
      ...(r.queriedAt ? { queriedAt: r.queriedAt.getTime() } : {}),
    }));
  }

  return {
    byRequestKey: (requestKey: string, tx: DbOrTx = db) => repo.byRequestKey(requestKey, tx),

    /** Every paid recharge (id, no, member, amount), for the reconciliation. */
    paid: () => repo.paid(),

    /** A new pending recharge; its page address is set once the provider gave it. */
    open(
      p: {
        memberId: number;
        amount: number;
        channel: RechargeChannel;
        orderId?: number | undefined;
        requestKey?: string | undefined;
        lifetimeMs: number;
      },
      tx: DbOrTx = db,
    ): Promise<RechargeRow> {
      const now = clock.now();
      return repo.insert(
        {
          no: newRechargeNo(now),
          memberId: p.memberId,
          amount: p.amount,
          channel: p.channel,
          status: 'pending',
          orderId: p.orderId ?? null,
          requestKey: p.requestKey ?? null,
          createdAt: new Date(now),
          expiresAt: new Date(now + p.lifetimeMs),
        },
        tx,
      );
    },

    setPayUrl: (id: number, payUrl: string) => repo.update(id, { payUrl }),

    /** Closes a recharge that is still pending; undefined when it was paid (or closed) meanwhile. */
    closePending: (id: number, tx: DbOrTx = db) => repo.closeIfPending(id, new Date(clock.now()), tx),

    markQueried: (id: number) => repo.update(id, { queriedAt: new Date(clock.now()) }),

    /** One of the member's recharges; another member's is not found. */
    async info(memberId: number, id: number): Promise<Recharge> {
      const r = await repo.find(id);
      if (!r || r.memberId !== memberId) throw notFound();
      return toRecharge(r);
    },

    find: (id: number) => repo.find(id),
    lockByNo: (tx: Tx, no: string) => repo.lockByNo(no, tx),
    lockById: (tx: Tx, id: number) => repo.lockById(id, tx),

    /**
     * Paid by the provider's transaction, on the row the caller locked. A recharge the house
     * had closed is paid all the same (the money came in) and flagged `late`.
     */
    markPaid: (tx: Tx, r: RechargeRow, providerTradeNo: string) =>
      repo.update(
        r.id,
        { status: 'paid', providerTradeNo, paidAt: new Date(clock.now()), payUrl: null, late: r.status === 'closed' },
        tx,
      ),

    /** A notice as received, with the house's verdict. */
    recordNotice: (n: Omit<PaymentNoticeInsert, 'receivedAt'>, tx: DbOrTx = db) =>
      repo.insertNotice({ ...n, receivedAt: new Date(clock.now()) }, tx),

    /** Pending recharges to ask the provider about: a minute old at least, not asked in the last minute. */
    dueForQuery: (limit = 50) => {
      const now = clock.now();
      return repo.dueForQuery(new Date(now - 60_000), new Date(now - 60_000), limit);
    },

    adminView: async (r: RechargeRow) => (await adminViews([r]))[0]!,

    async adminList(q: RechargeFilter & { page: number; pageSize: number }): Promise<Page<AdminRecharge>> {
      const { rows, total } = await repo.page(q, { limit: q.pageSize, offset: offsetOf(q) });
      return pageResult(await adminViews(rows), total, q);
    },

    async notices(q: {
      verdict?: PaymentNotice['verdict'] | undefined;
      channel?: RechargeChannel | undefined;
      page: number;
      pageSize: number;
    }): Promise<Page<PaymentNotice>> {
      const { rows, total } = await repo.notices(q, { limit: q.pageSize, offset: offsetOf(q) });
      return pageResult(
        rows.map((n) => ({
          id: n.id,
          channel: n.channel,
          verdict: n.verdict,
          ...(n.reason ? { reason: n.reason } : {}),
          ...(n.outTradeNo ? { outTradeNo: n.outTradeNo } : {}),
          ...(n.providerTradeNo ? { providerTradeNo: n.providerTradeNo } : {}),
          ...(n.amount !== null ? { amount: n.amount } : {}),
          ...(n.rechargeId !== null ? { rechargeId: n.rechargeId } : {}),
          body: n.body,
          receivedAt: n.receivedAt.getTime(),
        })),
        total,
        q,
      );
    },

    /** Recharges oldest first for the CSV export, with the members' phones. */
    async rowsForExport(
      f: { status?: RechargeStatus; channel?: RechargeChannel; from?: number; to?: number },
      limit: number,
    ) {
      return adminViews(await repo.forExport(f, limit));
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
