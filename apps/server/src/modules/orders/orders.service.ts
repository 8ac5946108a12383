import crypto from 'node:crypto';
import type { AdminOrder, CreateOrderInput, Order, OrderCancelReason, OrderSource, OrderStatus } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { fail, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { CatalogueService, StockLine } from '../catalogue/catalogue.service.js';
import type { CustodyService } from '../custody/custody.service.js';
import type { MembersService } from '../members/members.service.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { createOrdersRepository, type ItemRow, type OrderFilter, type OrderRow } from './orders.repository.js';
import { retryOnDeadlock } from '../../lib/pg-errors.js';

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

/** Work of another module in an order's transaction (auctions, when its order is paid or cancelled). */
export type OrderHook = (tx: Tx, order: Order) => Promise<void>;

/** 20261122153005 + six random digits, in China time: sortable and hard to guess. */
function newOrderNo(now: number): string {
  const t = new Date(now + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${t}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
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
const stockOf = (items: readonly ItemRow[]): StockLine[] =>
  items.flatMap((i) => (i.productId === null ? [] : [{ productId: i.productId, quantity: i.quantity }]));

/**
 * Orders from every source go through `place` and `pay`: the mall now, auction wins next.
 * Paying is one transaction across owners: the payment through the wallet, the pieces
 * into custody, the sale counted in the catalogue, the member's total, the referral reward.
 */
export function createOrdersService(d: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  wallet: WalletService;
  members: MembersService;
  catalogue: CatalogueService;
  custody: CustodyService;
  referrals: ReferralsService;
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

  async function mine(memberId: number, id: number) {
    const row = await repo.findOf(memberId, id);
    if (!row) throw notFound();
    return row;
  }

  /** What another module does, in the same transaction, when an order of its source is paid or cancelled. */
  const paidHooks = new Map<OrderSource, OrderHook>();
  const cancelledHooks = new Map<OrderSource, OrderHook>();

  /** Cancels a pending, locked order and gives back what it held, inside the caller's transaction. */
  async function cancelLocked(tx: Tx, order: OrderRow, reason: OrderCancelReason) {
    if (order.source === 'mall') await d.catalogue.release(tx, stockOf(await repo.itemsOf([order.id], tx)));
    const row = await repo.update(
      order.id,
      { status: 'cancelled', cancelReason: reason, cancelledAt: new Date(clock.now()) },
      tx,
    );
    const hook = cancelledHooks.get(order.source);
    if (hook) await hook(tx, await one(row, tx));
    return row;
  }

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

  /**
   * Pays a pending order from the member's balance, in the caller's transaction when
   * given: the payment entry, the order paid, one holding per unit, the sales count, the
   * member's total paid and any referral reward. A paid order is returned as it is:
   * paying twice never charges twice.
   */
  async function pay(outer: Tx | undefined, p: { orderId: number; memberId: number }): Promise<Order> {
    return (outer ?? db).transaction(async (tx) => {
      const o = await repo.findForUpdate(p.orderId, tx);
      if (!o || o.memberId !== p.memberId) throw notFound();
      if (o.status === 'paid') return one(o, tx);
      if (o.status !== 'pending') throw fail('ORDER_NOT_PENDING');
      const now = clock.now();
      if (o.expiresAt.getTime() <= now) throw fail('ORDER_EXPIRED');

      // `amount` from the balance; an auction's deposit already frozen (`depositApplied`) from frozen.
      if (o.amount > 0 || o.depositApplied > 0) {
        await d.wallet.move(tx, {
          memberId: o.memberId,
          type: 'payment',
          amount: -o.amount,
          ...(o.depositApplied > 0 ? { frozenAmount: -o.depositApplied } : {}),
          memo: { code: 'ORDER_PAYMENT', params: { orderNo: o.orderNo } },
          refType: 'order',
          refId: o.id,
        });
      }
      const paid = await repo.update(o.id, { status: 'paid', paidAt: new Date(now) }, tx);
      const items = await repo.itemsOf([o.id], tx);
      await d.custody.grant(tx, { ownerId: o.memberId, orderId: o.id, source: o.source, lines: items });
      if (o.source === 'mall') await d.catalogue.recordSale(tx, stockOf(items));
      const total = o.amount + o.depositApplied;
      await d.members.addPaid(tx, o.memberId, total);
      await d.referrals.reward(tx, { buyerId: o.memberId, orderId: o.id, orderNo: o.orderNo, amount: total });
      const order = await one(paid, tx);
      const hook = paidHooks.get(o.source);
      if (hook) await hook(tx, order);
      return order;
    });
  }

  return {
    place,
    pay,

    /** Registers what happens, inside the payment's transaction, when an order of this source is paid. */
    onPaid(source: OrderSource, hook: OrderHook) {
      paidHooks.set(source, hook);
    },

    /** Registers what happens, inside the cancelling transaction, when an order of this source is cancelled unpaid. */
    onCancelled(source: OrderSource, hook: OrderHook) {
      cancelledHooks.set(source, hook);
    },

    /** Pending orders of a source whose window ends before `at` (not yet past now is the caller's concern). */
    async pendingDueBefore(source: OrderSource, at: number, limit: number) {
      const rows = await repo.pendingDueBefore(source, new Date(at), new Date(clock.now()), limit);
      return rows.map((r) => ({ id: r.id, memberId: r.memberId, expiresAt: r.expiresAt.getTime() }));
    },

    /**
     * A mall order: the stock of every line reserved and the order placed, in one
     * transaction. With a request key, the order already placed under it is returned (a
     * retry after a crash that lost the stored answer), and no stock is taken again.
     */
    async create(memberId: number, input: CreateOrderInput, requestKey?: string): Promise<Order> {
      const [minutes, limit] = await Promise.all([
        d.settings.get('mallPaymentMinutes'),
        d.settings.get('maxUnpaidOrders'),
      ]);
      return db.transaction(async (tx) => {
        const placed = requestKey ? await repo.findByRequestKey(requestKey, tx) : undefined;
        if (placed) return one(placed, tx);
        // Each unpaid order holds pieces nobody else can buy: a member holds at most `limit`.
        if ((await repo.lockAndCountUnpaidMall(memberId, tx)) >= limit) {
          throw fail('TOO_MANY_UNPAID_ORDERS', { limit });
        }
        const lines = await d.catalogue.reserve(tx, input.items);
        return place(tx, {
          memberId,
          source: 'mall',
          lines,
          windowMs: minutes * 60_000,
          ...(input.remark ? { remark: input.remark } : {}),
          ...(requestKey ? { requestKey } : {}),
        });
      });
    },

    /**
     * The member pays with the trade password (checked first, with its lockout). An order
     * found past its time is cancelled then and there.
     */
    async confirm(memberId: number, id: number, tradePassword: string): Promise<Order> {
      const first = await mine(memberId, id);
      if (first.status === 'paid') return one(first);
      if (first.status === 'cancelled') throw fail('ORDER_NOT_PENDING');
      if (first.expiresAt.getTime() <= clock.now()) {
        await db.transaction(async (tx) => {
          const o = await repo.findForUpdate(id, tx);
          if (o?.status === 'pending') await cancelLocked(tx, o, 'PAYMENT_TIMEOUT');
        });
        throw fail('ORDER_EXPIRED');
      }
      await d.members.verifyTradePassword(memberId, tradePassword);
      return retryOnDeadlock(() => pay(undefined, { orderId: id, memberId }));
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

    info: async (memberId: number, id: number) => one(await mine(memberId, id)),

    /**
     * The member cancels a pending mall order: its stock is released at once. A cancelled
     * order is returned as it is; a paid one, or an auction order (whose deposit rules
     * apply), cannot be cancelled.
     */
    async cancel(memberId: number, id: number): Promise<Order> {
      return db.transaction(async (tx) => {
        const o = await repo.findForUpdate(id, tx);
        if (!o || o.memberId !== memberId) throw notFound();
        if (o.status === 'cancelled') return one(o, tx);
        if (o.source !== 'mall') throw fail('ORDER_NOT_CANCELLABLE');
        if (o.status !== 'pending') throw fail('ORDER_NOT_PENDING');
        return one(await cancelLocked(tx, o, 'MEMBER_CANCELLED'), tx);
      });
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

    /** The job: cancels pending orders past their time and gives back what they held. */
    async expireDue(limit = 100): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await repo.dueForUpdate(new Date(clock.now()), limit, tx);
        for (const o of due) await cancelLocked(tx, o, 'PAYMENT_TIMEOUT');
        return due.length;
      });
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
