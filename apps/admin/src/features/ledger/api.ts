import { queryOptions } from '@tanstack/react-query';
import type { Bill, BillType, Page } from '@antique/shared';
import { api } from '../../lib/request';

/** A bill as the operators' ledger returns it: the member's bill and whose it is. */
export interface LedgerEntry extends Bill {
  memberId: number;
}

export interface LedgerParams {
  memberId?: number;
  type?: BillType;
  page: number;
  pageSize: number;
}

export const BILL_TYPE_LABELS: Record<BillType, string> = {
  deposit: '充值',
  payment: '支付',
  refund: '退款',
  bid_deposit_freeze: '保证金冻结',
  bid_deposit_release: '保证金解冻',
  bid_deposit_forfeit: '保证金没收',
  sale_proceeds: '拍卖所得',
  referral_reward: '推荐奖励',
  withdraw_freeze: '提现冻结',
  withdraw_paid: '提现打款',
  withdraw_reject: '提现驳回',
  adjustment: '调整',
};

export function billTypeLabel(type: string): string {
  return (BILL_TYPE_LABELS as Record<string, string | undefined>)[type] ?? type;
}

export const ledgerKeys = {
  all: ['admin', 'ledger'] as const,
  list: (params: LedgerParams) => [...ledgerKeys.all, 'list', params] as const,
};

export const fetchLedger = (params: LedgerParams, signal?: AbortSignal) =>
  api.get<Page<LedgerEntry>>('/ledger', { ...params }, signal);

export const ledgerQueries = {
  list: (params: LedgerParams) =>
    queryOptions({ queryKey: ledgerKeys.list(params), queryFn: ({ signal }) => fetchLedger(params, signal) }),
};
