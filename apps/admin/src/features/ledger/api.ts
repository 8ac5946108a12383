import { queryOptions } from '@tanstack/react-query';
import { type BillType, type EndpointInput, type LedgerRow, walletApi } from '@antique/shared';
import { download } from '../../lib/download';
import { call } from '../../lib/request';

/** A bill as the operators' ledger returns it: the member's bill and whose it is. */
export type LedgerEntry = LedgerRow;
export type LedgerParams = EndpointInput<typeof walletApi.adminLedger>;

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

export const ledgerQueries = {
  list: (params: LedgerParams) =>
    queryOptions({
      queryKey: ledgerKeys.list(params),
      queryFn: ({ signal }) => call(walletApi.adminLedger, params, { signal }),
    }),
};

/** Saves the ledger's CSV for a member, a type and a date range; returns the file's name. */
export const exportBills = (input: EndpointInput<typeof walletApi.adminExportBills>, fileName: string) =>
  download(walletApi.adminExportBills, input, fileName, { preferServerName: false });
