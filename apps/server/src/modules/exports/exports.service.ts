import {
  billMemoText,
  cancelReasonText,
  labelOf,
  type BillType,
  type OrderStatus,
  type RechargeChannel,
  type RechargeStatus,
  type WithdrawalStatus,
} from '@antique/shared';
import { chinaDay, chinaTime } from '../../lib/china-day.js';
import { toCsv, yuan } from '../../lib/csv.js';
import type { Clock } from '../../lib/clock.js';
import type { MembersService } from '../members/members.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.js';

const EXPORT_LIMIT = 100_000;

export interface CsvFile {
  filename: string;
  csv: string;
}

/**
 * CSV exports for finance: rows of several owners (ledger, orders, members' phones) put
 * side by side, types and statuses in the shared labels. No table of its own.
 */
export function createExportsService(d: {
  clock: Clock;
  wallet: WalletService;
  orders: OrdersService;
  members: MembersService;
  withdrawals: WithdrawalsService;
  payments: Pick<PaymentsService, 'rowsForExport'>;
}) {
  const day = () => chinaDay(d.clock.now()).date;

  return {
    async bills(q: { memberId?: number; type?: BillType; from?: number; to?: number }): Promise<CsvFile> {
      const entries = await d.wallet.entriesForExport(q, EXPORT_LIMIT);
      const phones = await d.members.phonesOf(entries.map((e) => e.memberId));
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
          '会员看到的说明',
          '内部备注',
          '关联类型',
          '关联ID',
        ],
        entries.map((e) => [
          e.id,
          chinaTime(e.createdAt),
          e.memberId,
          phones.get(e.memberId) ?? '',
          labelOf('billType', e.type),
          yuan(e.amount),
          yuan(e.frozenAmount),
          yuan(e.balanceAfter),
          yuan(e.frozenAfter),
          billMemoText(e),
          e.internalNote,
          e.refType,
          e.refId,
        ]),
      );
      return { filename: `bills-${day()}.csv`, csv };
    },

    async orders(q: { status?: OrderStatus; from?: number; to?: number }): Promise<CsvFile> {
      const lines = await d.orders.linesForExport(q, EXPORT_LIMIT);
      const phones = await d.members.phonesOf(lines.map((l) => l.memberId));
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
        lines.map((l) => [
          l.orderNo,
          chinaTime(l.createdAt),
          l.memberId,
          phones.get(l.memberId) ?? '',
          labelOf('orderSource', l.source),
          labelOf('orderStatus', l.status),
          l.title,
          yuan(l.price),
          l.quantity,
          yuan(l.amount),
          l.paidAt ? chinaTime(l.paidAt) : null,
          l.cancelReason ? cancelReasonText(l.cancelReason) : null,
        ]),
      );
      return { filename: `orders-${day()}.csv`, csv };
    },

    /** Finance pays from this file: the payee's name and account in full. */
    async withdrawals(q: { status?: WithdrawalStatus; from?: number; to?: number }): Promise<CsvFile> {
      const rows = await d.withdrawals.rowsForExport(q, EXPORT_LIMIT);
      const phones = await d.members.phonesOf(rows.map((r) => r.memberId));
      const csv = toCsv(
        [
          '编号',
          '申请时间',
          '会员ID',
          '手机号',
          '金额(元)',
          '手续费(元)',
          '实际到账(元)',
          '方式',
          '开户行',
          '户名',
          '账号',
          '状态',
          '处理时间',
          '拒绝原因',
          '转账流水号',
          '付款备注',
        ],
        rows.map((r) => [
          r.id,
          chinaTime(r.createdAt),
          r.memberId,
          phones.get(r.memberId) ?? '',
          yuan(r.amount),
          yuan(r.fee),
          yuan(r.actualAmount),
          labelOf('withdrawalMethod', r.method),
          r.bankName,
          r.accountName,
          r.accountNo,
          labelOf('withdrawalStatus', r.status),
          r.processedAt !== null ? chinaTime(r.processedAt) : null,
          r.rejectReason,
          r.payoutRef,
          r.paidNote,
        ]),
      );
      return { filename: `withdrawals-${day()}.csv`, csv };
    },

    /** Online recharges with the provider's transaction id, for reconciling with the providers' statements. */
    async recharges(q: {
      status?: RechargeStatus;
      channel?: RechargeChannel;
      from?: number;
      to?: number;
    }): Promise<CsvFile> {
      const rows = await d.payments.rowsForExport(q, EXPORT_LIMIT);
      const csv = toCsv(
        [
          '充值单号',
          '创建时间',
          '会员ID',
          '手机号',
          '金额(元)',
          '渠道',
          '状态',
          '渠道交易号',
          '到账时间',
          '关闭后到账',
          '关联订单ID',
        ],
        rows.map((r) => [
          r.no,
          chinaTime(r.createdAt),
          r.memberId,
          r.memberPhone,
          yuan(r.amount),
          labelOf('rechargeChannel', r.channel),
          labelOf('rechargeStatus', r.status),
          r.providerTradeNo ?? null,
          r.paidAt !== undefined ? chinaTime(r.paidAt) : null,
          r.late ? '是' : '',
          r.orderId ?? null,
        ]),
      );
      return { filename: `recharges-${day()}.csv`, csv };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
