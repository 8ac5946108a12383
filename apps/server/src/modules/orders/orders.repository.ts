import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderSource, OrderStatus } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;
export type ItemRow = typeof orderItems.$inferSelect;

export interface OrderFilter {
  memberId?: number;
  status?: OrderStatus;
  source?: OrderSource;
  /** The order number, or any of these members. */
  orderNoOrMembers?: { orderNo: string; memberIds: number[] };
  /** createdAt from (inclusive) and to (exclusive), epoch ms. */
  from?: number;
  to?: number;
}

function orderWhere(f: OrderFilter): SQL | undefined {
  const k = f.orderNoOrMembers;
  return and(
    f.memberId !== undefined ? eq(orders.memberId, f.memberId) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.source ? eq(orders.source, f.source) : undefined,
    k
      ? or(eq(orders.orderNo, k.orderNo), k.memberIds.length > 0 ? inArray(orders.memberId, k.memberIds) : undefined)
      : undefined,
    f.from !== undefined ? gte(orders.createdAt, new Date(f.from)) : undefined,
    f.to !== undefined ? lt(orders.createdAt, new Date(f.to)) : undefined,
  );
}

export function createOrdersRepository(db: Db) {
  // A member's order list, read on every visit: prepared once (built once, parsed once per
  // connection), with and without a status, and the lines of a page of orders.
  function memberOrders(byStatus: boolean) {
    const where = and(
      eq(orders.memberId, sql.placeholder('memberId')),
      byStatus ? eq(orders.status, sql.placeholder('status')) : undefined,
    );
    const name = `orders_of_member${byStatus ? '_by_status' : ''}`;
    return {
      page: db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
      count: db.select({ n: count() }).from(orders).where(where).prepare(`${name}_count`),
    };
  }
  const ordersOfMember = { all: memberOrders(false), byStatus: memberOrders(true) };
  const linesOf = db
    .select()
    .from(orderItems)
    .where(sql`${orderItems.orderId} = ANY(${sql.placeholder('orderIds')}::int[])`)
    .orderBy(asc(orderItems.id))
    .prepare('orders_lines_of');

  return {
    async findByRequestKey(requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(orders).where(eq(orders.requestKey, requestKey));
      return row;
    },

    async insert(values: OrderInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(orders).values(values).returning();
      return row!;
    },

    async insertItems(values: (typeof orderItems.$inferInsert)[], tx: DbOrTx = db) {
      if (values.length > 0) await tx.insert(orderItems).values(values);
    },

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    async findOf(memberId: number, id: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.memberId, memberId)));
      return row;
    },

    /**
     * The member's unpaid mall orders, counted under a lock on the member's ordering (a
     * transaction-scoped advisory lock): two orders placed at once are counted one after
     * the other, so the limit holds under parallel requests.
     */
    async lockAndCountUnpaidMall(memberId: number, tx: Tx) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727102, ${memberId})`);
      const [row] = await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.memberId, memberId), eq(orders.status, 'pending'), eq(orders.source, 'mall')));
      return row?.n ?? 0;
    },

    /** For each product, when the first unpaid order holding its units runs out. */
    async heldUntil(productIds: number[], tx: DbOrTx = db) {
      if (productIds.length === 0) return [];
      return tx
        .select({
          productId: orderItems.productId,
          until: sql<Date>`min(${orders.expiresAt})`.mapWith(orders.expiresAt),
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(inArray(orderItems.productId, productIds), eq(orders.status, 'pending')))
        .groupBy(orderItems.productId);
    },

    async findForUpdate(id: number, tx: Tx) {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      return row;
    },

    async update(id: number, set: Partial<OrderInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(orders).set(set).where(eq(orders.id, id)).returning();
      return row!;
    },

    /** Lines of these orders, in the order they were written. */
    async itemsOf(orderIds: number[], tx: DbOrTx = db) {
      if (orderIds.length === 0) return [];
      if (tx === db) return linesOf.execute({ orderIds });
      return tx.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
    },

    /** Pending orders past their time, locked, skipping those another worker holds. */
    dueForUpdate: (at: Date, limit: number, tx: Tx) =>
      tx
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, at)))
        .orderBy(asc(orders.expiresAt))
        .limit(limit)
        .for('update', { skipLocked: true }),

    /** Pending orders of a source still open at `now` whose window ends before `before`, soonest first. */
    pendingDueBefore: (source: OrderSource, before: Date, now: Date, limit: number, tx: DbOrTx = db) =>
      tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'pending'),
            eq(orders.source, source),
            lte(orders.expiresAt, before),
            gt(orders.expiresAt, now),
          ),
        )
        .orderBy(asc(orders.expiresAt))
        .limit(limit),

    async page(f: OrderFilter & { limit: number; offset: number }, tx: DbOrTx = db) {
      const mine = f.memberId !== undefined && !f.source && !f.orderNoOrMembers;
      if (tx === db && mine && f.from === undefined && f.to === undefined) {
        const q = f.status ? ordersOfMember.byStatus : ordersOfMember.all;
        const params = { memberId: f.memberId, status: f.status, limit: f.limit, offset: f.offset };
        const [rows, [total]] = await Promise.all([q.page.execute(params), q.count.execute(params)]);
        return { rows, total: total?.n ?? 0 };
      }
      const where = orderWhere(f);
      const [rows, [total]] = await Promise.all([
        tx.select().from(orders).where(where).orderBy(desc(orders.id)).limit(f.limit).offset(f.offset),
        tx.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The dashboard's figures of [from, to): orders placed, orders paid and their whole price (premium in, deposit applied in). */
    async dayCounts(from: Date, to: Date, tx: DbOrTx = db) {
      const placed = and(gte(orders.createdAt, from), lt(orders.createdAt, to));
      const paid = and(eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to));
      const [row] = await tx
        .select({
          created: sql<number>`count(*) FILTER (WHERE ${placed})`.mapWith(Number),
          paid: sql<number>`count(*) FILTER (WHERE ${paid})`.mapWith(Number),
          // an auction order's bid deposit was applied to it: the order's whole price was paid
          paidAmount:
            sql<number>`COALESCE(SUM(${orders.amount} + ${orders.depositApplied}) FILTER (WHERE ${paid}), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .where(or(placed, paid));
      return { created: row?.created ?? 0, paid: row?.paid ?? 0, paidAmount: row?.paidAmount ?? 0 };
    },

    /** Orders with their lines, one row per line, oldest first, for exports. */
    withItemsAscending: (f: OrderFilter & { limit: number }, tx: DbOrTx = db) =>
      tx
        .select({ order: orders, item: orderItems })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(orderWhere(f))
        .orderBy(asc(orders.id), asc(orderItems.id))
        .limit(f.limit),
  };
}
