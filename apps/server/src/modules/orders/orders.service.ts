import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { maskPhone, type CreateOrderInput, type Order, type OrderStatus } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { holdings, members, orderItems, orders, products } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { MembersService } from '../members/members.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

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
    ...(o.cancelReason ? { cancelReason: o.cancelReason } : {}),
    items: items.map((i) => ({
      productId: i.productId,
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

export function createOrdersService(d: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  wallet: WalletService;
  members: MembersService;
}) {
  const { db, clock } = d;

  async function withItems(rows: OrderRow[], tx: Db | Tx = db): Promise<Order[]> {
    if (rows.length === 0) return [];
    const items = await tx
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    return rows.map((r) =>
      toOrder(
        r,
        items.filter((i) => i.orderId === r.id),
      ),
    );
  }

  async function one(row: OrderRow, tx: Db | Tx = db) {
    return (await withItems([row], tx))[0]!;
  }

  /** Cancels a pending order and puts its stock back, inside the caller's transaction. */
  async function cancelLocked(tx: Tx, order: OrderRow, reason: string) {
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.productId));
    for (const i of items) {
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${i.quantity}` })
        .where(eq(products.id, i.productId));
    }
    const [row] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelReason: reason, cancelledAt: new Date(clock.now()) })
      .where(eq(orders.id, order.id))
      .returning();
    return row!;
  }

  async function mine(memberId: number, id: number) {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.memberId, memberId)));
    if (!row) throw notFound();
    return row;
  }

  return {
    /**
     * Reserves the stock of every line in one transaction: a conditional decrement that
     * cannot take stock below zero, whatever runs at the same time.
     */
    async create(memberId: number, input: CreateOrderInput): Promise<Order> {
      const minutes = await d.settings.get('mallPaymentMinutes');
      const lines = [...input.items].sort((a, b) => a.productId - b.productId);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const reserved: { productId: number; title: string; cover: string; price: number; quantity: number }[] = [];
        for (const line of lines) {
          const [p] = await tx
            .update(products)
            .set({ stock: sql`${products.stock} - ${line.quantity}` })
            .where(
              and(
                eq(products.id, line.productId),
                eq(products.onSale, true),
                sql`${products.stock} >= ${line.quantity}`,
              ),
            )
            .returning({ title: products.title, cover: products.cover, price: products.price });
          if (!p) {
            const [exists] = await tx
              .select({ stock: products.stock, onSale: products.onSale })
              .from(products)
              .where(eq(products.id, line.productId));
            if (!exists) throw new AppError(404, 'NOT_FOUND', { productId: line.productId });
            throw new AppError(409, 'OUT_OF_STOCK', {
              productId: line.productId,
              available: exists.onSale ? exists.stock : 0,
              offSale: !exists.onSale,
            });
          }
          reserved.push({ productId: line.productId, ...p, quantity: line.quantity });
        }
        const goodsAmount = reserved.reduce((s, r) => s + r.price * r.quantity, 0);
        const [order] = await tx
          .insert(orders)
          .values({
            orderNo: newOrderNo(now),
            memberId,
            source: 'mall',
            status: 'pending',
            goodsAmount,
            amount: goodsAmount,
            remark: input.remark ?? '',
            expiresAt: new Date(now + minutes * 60_000),
            createdAt: new Date(now),
          })
          .returning();
        await tx.insert(orderItems).values(reserved.map((r) => ({ ...r, orderId: order!.id })));
        return one(order!, tx);
      });
    },

    async list(
      memberId: number,
      q: { status?: OrderStatus; source?: 'mall' | 'auction'; page: number; pageSize: number },
    ) {
      const where = and(
        eq(orders.memberId, memberId),
        q.status ? eq(orders.status, q.status) : undefined,
        q.source ? eq(orders.source, q.source) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(q.pageSize).offset(offsetOf(q)),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return pageResult(await withItems(rows), total?.n ?? 0, q);
    },

    info: async (memberId: number, id: number) => one(await mine(memberId, id)),

    /**
     * Pays from the balance, checks the trade password first (with its lockout), and in
     * one transaction: the payment entry, the order paid, one holding per unit, the sales
     * count, the member's total paid and any referral reward. A paid order is returned
     * as it is: paying twice never charges twice.
     */
    async confirm(memberId: number, id: number, tradePassword: string): Promise<Order> {
      const first = await mine(memberId, id);
      if (first.status === 'paid') return one(first);
      if (first.status === 'cancelled') throw new AppError(409, 'ORDER_NOT_PENDING');
      if (first.expiresAt.getTime() <= clock.now()) {
        await db.transaction(async (tx) => {
          const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
          if (o?.status === 'pending') await cancelLocked(tx, o, '超时未支付');
        });
        throw new AppError(409, 'ORDER_EXPIRED');
      }
      await d.members.verifyTradePassword(memberId, tradePassword);
      const referralRateBps = await d.settings.get('referralRateBps');

      return db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!o) throw notFound();
        if (o.status === 'paid') return one(o, tx);
        if (o.status !== 'pending') throw new AppError(409, 'ORDER_NOT_PENDING');
        const now = clock.now();
        if (o.expiresAt.getTime() <= now) throw new AppError(409, 'ORDER_EXPIRED');

        if (o.amount > 0) {
          await d.wallet.move(tx, {
            memberId,
            type: 'payment',
            amount: -o.amount,
            remark: `订单 ${o.orderNo}`,
            refType: 'order',
            refId: o.id,
          });
        }
        const [paid] = await tx
          .update(orders)
          .set({ status: 'paid', paidAt: new Date(now) })
          .where(eq(orders.id, id))
          .returning();
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
        const units = items.flatMap((i) =>
          Array.from({ length: i.quantity }, () => ({
            ownerId: memberId,
            productId: i.productId,
            title: i.title,
            cover: i.cover,
            acquiredPrice: i.price,
            acquiredAt: new Date(now),
            source: 'mall' as const,
            status: 'held' as const,
            orderId: id,
            createdAt: new Date(now),
          })),
        );
        await tx.insert(holdings).values(units);
        for (const i of items) {
          await tx
            .update(products)
            .set({ sales: sql`${products.sales} + ${i.quantity}` })
            .where(eq(products.id, i.productId));
        }
        const [buyer] = await tx
          .update(members)
          .set({ totalPaid: sql`${members.totalPaid} + ${o.amount}` })
          .where(eq(members.id, memberId))
          .returning({ inviterId: members.inviterId });
        const reward = Math.floor((o.amount * referralRateBps) / 10_000);
        if (buyer?.inviterId && reward > 0) {
          await d.wallet.move(tx, {
            memberId: buyer.inviterId,
            type: 'referral_reward',
            amount: reward,
            remark: `邀请会员订单 ${o.orderNo}`,
            refType: 'order',
            refId: o.id,
          });
        }
        return one(paid!, tx);
      });
    },

    /** The job: cancels pending orders past their time and releases their stock. */
    async expireDue(limit = 100): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, new Date(clock.now()))))
          .orderBy(asc(orders.expiresAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        for (const o of due) await cancelLocked(tx, o, '超时未支付');
        return due.length;
      });
    },

    // The operators' side.

    async adminList(q: {
      status?: OrderStatus;
      source?: 'mall' | 'auction';
      keyword?: string;
      memberId?: number;
      page: number;
      pageSize: number;
    }) {
      const k = q.keyword?.trim();
      let kw: SQL | undefined;
      if (k) {
        kw = or(eq(orders.orderNo, k), ilike(members.phone, `%${k.replace(/[\\%_]/g, '')}%`));
      }
      const where = and(
        q.status ? eq(orders.status, q.status) : undefined,
        q.source ? eq(orders.source, q.source) : undefined,
        q.memberId ? eq(orders.memberId, q.memberId) : undefined,
        kw,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ o: orders, phone: members.phone })
          .from(orders)
          .innerJoin(members, eq(members.id, orders.memberId))
          .where(where)
          .orderBy(desc(orders.id))
          .limit(q.pageSize)
          .offset(offsetOf(q)),
        db.select({ n: count() }).from(orders).innerJoin(members, eq(members.id, orders.memberId)).where(where),
      ]);
      const list = await withItems(rows.map((r) => r.o));
      return pageResult(
        list.map((o, i) => ({ ...o, memberId: rows[i]!.o.memberId, memberPhone: maskPhone(rows[i]!.phone) })),
        total?.n ?? 0,
        q,
      );
    },

    async adminInfo(id: number) {
      const [row] = await db
        .select({ o: orders, phone: members.phone })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .where(eq(orders.id, id));
      if (!row) throw notFound();
      return { ...(await one(row.o)), memberId: row.o.memberId, memberPhone: maskPhone(row.phone) };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
