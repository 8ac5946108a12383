import { adminOrder, adminOrderQuery, billTypes, envelope, idParam, orderStatuses, pageOf } from '@antique/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { ledgerEntries, members, orderItems, orders } from '../db/schema/index.js';
import type { AuthHooks } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { chinaTime, toCsv, yuan } from '../lib/csv.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import { maskPhone } from '@antique/shared';

const EXPORT_LIMIT = 100_000;
const BILL_TYPE_NAMES: Record<string, string> = {
  deposit: '充值',
  payment: '支付',
  refund: '退款',
  bid_deposit_freeze: '保证金冻结',
  bid_deposit_release: '保证金解冻',
  bid_deposit_forfeit: '保证金罚没',
  sale_proceeds: '拍卖所得',
  referral_reward: '推荐奖励',
  withdraw_freeze: '提现冻结',
  withdraw_paid: '提现打款',
  withdraw_reject: '提现退回',
  adjustment: '调整',
};
const ORDER_STATUS_NAMES: Record<string, string> = { pending: '待支付', paid: '已支付', cancelled: '已取消' };
const SOURCE_NAMES: Record<string, string> = { mall: '商城', auction: '拍卖' };
const range = {
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
};

export function adminOrdersRoutes(app: FastifyInstance, d: { db: Db; orders: OrdersService; auth: AuthHooks }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: money'];

  r.get(
    '/orders',
    {
      schema: { tags, querystring: adminOrderQuery, response: { 200: envelope(pageOf(adminOrder)) } },
      onRequest: d.auth.operator('operator', 'finance', 'support'),
    },
    async (req) => ok(await d.orders.adminList(req.query)),
  );
  r.get(
    '/orders/:id',
    {
      schema: { tags, params: idParam, response: { 200: envelope(adminOrder) } },
      onRequest: d.auth.operator('operator', 'finance', 'support'),
    },
    async (req) => ok(await d.orders.adminInfo(req.params.id)),
  );

  r.get(
    '/export/bills',
    {
      schema: {
        tags,
        description: 'CSV of ledger entries (UTF-8 with BOM), newest last, at most 100,000 rows.',
        querystring: z.object({
          memberId: z.coerce.number().int().positive().optional(),
          type: z.enum(billTypes).optional(),
          ...range,
        }),
      },
      onRequest: d.auth.operator('finance'),
    },
    async (req, reply) => {
      const q = req.query;
      const rows = await d.db
        .select({ e: ledgerEntries, phone: members.phone })
        .from(ledgerEntries)
        .innerJoin(members, eq(members.id, ledgerEntries.memberId))
        .where(
          and(
            q.memberId ? eq(ledgerEntries.memberId, q.memberId) : undefined,
            q.type ? eq(ledgerEntries.type, q.type) : undefined,
            q.from !== undefined ? gte(ledgerEntries.createdAt, new Date(q.from)) : undefined,
            q.to !== undefined ? lt(ledgerEntries.createdAt, new Date(q.to)) : undefined,
          ),
        )
        .orderBy(asc(ledgerEntries.id))
        .limit(EXPORT_LIMIT);
      const csv = toCsv(
        [
          '流水号',
          '时间',
          '会员ID',
          '手机号',
          '类型',
          '金额(元)',
          '冻结变动(元)',
          '余额(元)',
          '冻结(元)',
          '备注',
          '关联类型',
          '关联ID',
        ],
        rows.map(({ e, phone }) => [
          e.id,
          chinaTime(e.createdAt.getTime()),
          e.memberId,
          maskPhone(phone),
          BILL_TYPE_NAMES[e.type] ?? e.type,
          yuan(e.amount),
          yuan(e.frozenAmount),
          yuan(e.balanceAfter),
          yuan(e.frozenAfter),
          e.remark,
          e.refType,
          e.refId,
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="bills-${chinaTime(Date.now()).slice(0, 10)}.csv"`)
        .send(csv);
    },
  );

  r.get(
    '/export/orders',
    {
      schema: {
        tags,
        description: 'CSV of orders with their lines (UTF-8 with BOM), at most 100,000 rows.',
        querystring: z.object({ status: z.enum(orderStatuses).optional(), ...range }),
      },
      onRequest: d.auth.operator('finance'),
    },
    async (req, reply) => {
      const q = req.query;
      const rows = await d.db
        .select({ o: orders, phone: members.phone, item: orderItems })
        .from(orders)
        .innerJoin(members, eq(members.id, orders.memberId))
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(
          and(
            q.status ? eq(orders.status, q.status) : undefined,
            q.from !== undefined ? gte(orders.createdAt, new Date(q.from)) : undefined,
            q.to !== undefined ? lt(orders.createdAt, new Date(q.to)) : undefined,
          ),
        )
        .orderBy(asc(orders.id), asc(orderItems.id))
        .limit(EXPORT_LIMIT);
      const csv = toCsv(
        [
          '订单号',
          '下单时间',
          '会员ID',
          '手机号',
          '来源',
          '状态',
          '商品',
          '单价(元)',
          '数量',
          '订单应付(元)',
          '支付时间',
          '取消原因',
        ],
        rows.map(({ o, phone, item }) => [
          o.orderNo,
          chinaTime(o.createdAt.getTime()),
          o.memberId,
          maskPhone(phone),
          SOURCE_NAMES[o.source] ?? o.source,
          ORDER_STATUS_NAMES[o.status] ?? o.status,
          item.title,
          yuan(item.price),
          item.quantity,
          yuan(o.amount),
          o.paidAt ? chinaTime(o.paidAt.getTime()) : null,
          o.cancelReason,
        ]),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${chinaTime(Date.now()).slice(0, 10)}.csv"`)
        .send(csv);
    },
  );
}
