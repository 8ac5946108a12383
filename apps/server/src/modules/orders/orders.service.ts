import crypto from 'node:crypto';
import type { AdminOrder, Order, OrderCancelReason, OrderSource, OrderStatus } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { chinaTime } from '../../lib/china-day.js';
import type { Clock } from '../../lib/clock.js';
import { fail, notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { StockLine } from '../catalogue/catalogue.service.js';
import type { MembersService } from '../members/members.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createOrdersRepository, type ItemRow, type OrderFilter, type OrderRow } from './orders.repository.js';

/**
 * One line of an order, whatever its source: units of a product from stock (the mall),
 * or one piece already in the house's custody (an auction lot's holding). Title, cover
 * and price are copied, so the order reads the same whatever happens to the piece later.
 */
export interface OrderLine {
  productId?: number;
  holdingId?: number;
  title: string;
  cover: string;
  /** Per unit, in fen. */
  price: number;
  quantity: number;
}

export interface PlaceOrder {
  memberId: number;
  source: OrderSource;
  lines: readonly OrderLine[];
  /** Buyer's premium, in fen (auctions). */
  premium?: number;
  /** Deposit already frozen for this purchase and applied to it, in fen (auctions). */
  depositApplied?: number;
  /** How long the buyer has to pay. */
  windowMs: number;
  remark?: string;
  /** The caller's scoped Idempotency-Key (`RouteContext.requestKey`). */
  requestKey?: string;
}

/** A pending order under its row lock, with its lines: what a flow pays or cancels. */
export type PendingOrder = OrderRow & { items: ItemRow[] };

/** 20261122153005 + six random digits, in China time: sortable and hard to guess. */
function newOrderNo(now: number): string {
  return `${chinaTime(now).replace(/\D/g, '')}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

function toOrder(o: OrderRow, items: ItemRow[]): Order {
  return {
    id: o.id,
    orderNo: o.orderNo,
    source: o.source,
    status: o.status,
    ...(o.cancelReason ? { cancelReason: o.cancelReason as OrderCancelReason } : {}),
    items: items.map((i) => ({
      productId: i.productId,
      ...(i.holdingId !== null ? { holdingId: i.holdingId } : {}),
      title: i.title,
      cover: i.cover,
      price: i.price,
      quantity: i.quantity,
    })),
    goodsAmount: o.goodsAmount,
    premium: o.premium,
    depositApplied: o.depositApplied,
    amount: o.amount,
    remark: o.remark,
    expiresAt: o.expiresAt.getTime(),
    ...(o.paidAt ? { paidAt: o.paidAt.getTime() } : {}),
    createdAt: o.createdAt.getTime(),
  };
}

/** The stock a mall order holds: its product lines. */
export const stockOf = (items: readonly ItemRow[]): StockLine[] =>
  items.flatMap((i) => (i.productId === null ? [] : [{ productId: i.productId, quantity: i.quantity }]));

/**
 * Orders from every source (the mall, auction wins): placed, locked, marked paid or
 * cancelled in the caller's transaction, and read. Paying, placing a mall order and
 * cancelling span owners and are flows (`flows/order-payment.flow.ts`,
 * `flows/order-cancel.flow.ts`).
 */
export function createOrdersService(d: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  members: Pick<MembersService, 'phonesOf' | 'idsByPhone'>;
}) {
  const { db, clock } = d;
  const repo = createOrdersRepository(db);

  async function withItems(rows: OrderRow[], tx: Db | Tx = db): Promise<Order[]> {
    const items = await repo.itemsOf(
      rows.map((r) => r.id),
      tx,
    );
    return rows.map((r) =>
      toOrder(
        r,
        items.filter((i) => i.orderId === r.id),
      ),
    );
  }

  const one = async (row: OrderRow, tx: Db | Tx = db) => (await withItems([row], tx))[0]!;

  const pending = async (row: OrderRow, tx: Tx): Promise<PendingOrder> => ({
    ...row,
    items: await repo.itemsOf([row.id], tx),
  });

  /** Places an order, pending payment, in the caller's transaction when given. */
  async function place(outer: Tx | undefined, p: PlaceOrder): Promise<Order> {
    if (p.lines.length === 0) throw new Error('an order needs lines');
    const stored = p.lines.map((l) => {
      // A mall line is units of a product; an auction line is one piece in custody (its product, if any, kept).
      if (l.holdingId === undefined ? l.productId === undefined : l.quantity !== 1)
        throw new Error('an order line is a product or one holding');
      return {
        productId: l.productId ?? null,
        holdingId: l.holdingId ?? null,
        title: l.title,
        cover: l.cover,
        price: l.price,
        quantity: l.quantity,
      };
    });
    const goodsAmount = stored.reduce((s, l) => s + l.price * l.quantity, 0);
    const premium = p.premium ?? 0;
    const depositApplied = p.depositApplied ?? 0;
    return (outer ?? db).transaction(async (tx) => {
      const now = clock.now();
      const order = await repo.insert(
        {
          orderNo: newOrderNo(now),
          memberId: p.memberId,
          source: p.source,
          status: 'pending',
          goodsAmount,
          premium,
          depositApplied,
          amount: goodsAmount + premium - depositApplied,
          remark: p.remark ?? '',
          requestKey: p.requestKey ?? null,
          expiresAt: new Date(now + p.windowMs),
          createdAt: new Date(now),
        },
        tx,
      );
      await repo.insertItems(
        stored.map((l) => ({ ...l, orderId: order.id })),
        tx,
      );
      return one(order, tx);
    });
  }

  return {
    place,

    /**
     * Before a mall order is placed, in its transaction: the order already placed under the
     * request key, if any; else the member's unpaid mall orders counted under a per-member
     * lock (each holds pieces nobody else can buy), 409 TOO_MANY_UNPAID_ORDERS at the limit.
     */
    async admitMallOrder(tx: Tx, memberId: number, requestKey?: string): Promise<Order | undefined> {
      const placed = requestKey ? await repo.findByRequestKey(requestKey, tx) : undefined;
      if (placed) return one(placed, tx);
      const limit = await d.settings.get('maxUnpaidOrders');
      if ((await repo.lockAndCountUnpaidMall(memberId, tx)) >= limit) throw fail('TOO_MANY_UNPAID_ORDERS', { limit });
      return undefined;
    },

    /** The member's order locked to be paid: `done` when already paid; 409 when not pending or past its time. */
    async lockForPayment(
      tx: Tx,
      p: { orderId: number; memberId: number },
    ): Promise<{ done: Order } | { pending: PendingOrder }> {
      const o = await repo.findForUpdate(p.orderId, tx);
      if (!o || o.memberId !== p.memberId) throw notFound();
      if (o.status === 'paid') return { done: await one(o, tx) };
      if (o.status !== 'pending') throw fail('ORDER_NOT_PENDING');
      if (o.expiresAt.getTime() <= clock.now()) throw fail('ORDER_EXPIRED');
      return { pending: await pending(o, tx) };
    },

    /**
     * The member's order locked to be cancelled: `done` when already cancelled; a paid one,
     * or an auction order (whose deposit rules apply), cannot be cancelled.
     */
    async lockForCancel(tx: Tx, memberId: number, id: number): Promise<{ done: Order } | { pending: PendingOrder }> {
      const o = await repo.findForUpdate(id, tx);
      if (!o || o.memberId !== memberId) throw notFound();
      if (o.status === 'cancelled') return { done: await one(o, tx) };
      if (o.source !== 'mall') throw fail('ORDER_NOT_CANCELLABLE');
      if (o.status !== 'pending') throw fail('ORDER_NOT_PENDING');
      return { pending: await pending(o, tx) };
    },

    /** The order locked, if it is still pending. */
    async lockPending(tx: Tx, id: number): Promise<PendingOrder | undefined> {
      const o = await repo.findForUpdate(id, tx);
      return o?.status === 'pending' ? pending(o, tx) : undefined;
    },

    /** Pending orders past their time, locked (skipping those another worker holds), with their lines. */
    async lockDue(tx: Tx, limit: number): Promise<PendingOrder[]> {
      const due = await repo.dueForUpdate(new Date(clock.now()), limit, tx);
      const items = await repo.itemsOf(
        due.map((o) => o.id),
        tx,
      );
      return due.map((o) => ({ ...o, items: items.filter((i) => i.orderId === o.id) }));
    },

    async markPaid(tx: Tx, o: PendingOrder): Promise<Order> {
      return toOrder(await repo.update(o.id, { status: 'paid', paidAt: new Date(clock.now()) }, tx), o.items);
    },

    async markCancelled(tx: Tx, o: PendingOrder, reason: OrderCancelReason): Promise<Order> {
      const row = await repo.update(
        o.id,
        { status: 'cancelled', cancelReason: reason, cancelledAt: new Date(clock.now()) },
        tx,
      );
      return toOrder(row, o.items);
    },

    /** Pending orders of a source whose window ends before `at` (not yet past now is the caller's concern). */
    async pendingDueBefore(source: OrderSource, at: number, limit: number) {
      const rows = await repo.pendingDueBefore(source, new Date(at), new Date(clock.now()), limit);
      return rows.map((r) => ({ id: r.id, memberId: r.memberId, expiresAt: r.expiresAt.getTime() }));
    },

    async list(memberId: number, q: { status?: OrderStatus; source?: OrderSource; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({
        memberId,
        ...(q.status ? { status: q.status } : {}),
        ...(q.source ? { source: q.source } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await withItems(rows), total, q);
    },

    async info(memberId: number, id: number) {
      const row = await repo.findOf(memberId, id);
      if (!row) throw notFound();
      return one(row);
    },

    /** For products with units held by unpaid orders: when the first of those orders runs out. */
    async reservedUntil(productIds: number[]): Promise<Map<number, number>> {
      const rows = await repo.heldUntil(productIds);
      return new Map(rows.flatMap((r) => (r.productId === null ? [] : [[r.productId, r.until.getTime()]])));
    },

    /** The dashboard's orders of [from, to): placed, paid, and the amount paid in fen. */
    async dashboardFigures(from: Date, to: Date) {
      const c = await repo.dayCounts(from, to);
      return { createdToday: c.created, paidToday: c.paid, paidAmountToday: c.paidAmount };
    },

    // The operators' side.

    async adminList(q: {
      status?: OrderStatus;
      source?: OrderSource;
      keyword?: string;
      memberId?: number;
      page: number;
      pageSize: number;
    }) {
      const k = q.keyword?.trim();
      const { rows, total } = await repo.page({
        ...(q.status ? { status: q.status } : {}),
        ...(q.source ? { source: q.source } : {}),
        ...(q.memberId ? { memberId: q.memberId } : {}),
        ...(k ? { orderNoOrMembers: { orderNo: k, memberIds: await d.members.idsByPhone(k) } } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      const [list, phones] = await Promise.all([withItems(rows), d.members.phonesOf(rows.map((r) => r.memberId))]);
      return pageResult<AdminOrder>(
        list.map((o, i) => {
          const memberId = rows[i]!.memberId;
          return { ...o, memberId, memberPhone: phones.get(memberId) ?? '' };
        }),
        total,
        q,
      );
    },

    async adminInfo(id: number): Promise<AdminOrder> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      const phones = await d.members.phonesOf([row.memberId]);
      return { ...(await one(row)), memberId: row.memberId, memberPhone: phones.get(row.memberId) ?? '' };
    },

    /** Orders with their lines, one row per line, oldest first, for the CSV export. */
    async linesForExport(f: Pick<OrderFilter, 'status' | 'from' | 'to'>, limit: number) {
      const rows = await repo.withItemsAscending({ ...f, limit });
      return rows.map(({ order, item }) => ({
        orderNo: order.orderNo,
        memberId: order.memberId,
        source: order.source,
        status: order.status,
        cancelReason: order.cancelReason as OrderCancelReason | null,
        amount: order.amount,
        createdAt: order.createdAt.getTime(),
        paidAt: order.paidAt?.getTime() ?? null,
        title: item.title,
        price: item.price,
        quantity: item.quantity,
      }));
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
