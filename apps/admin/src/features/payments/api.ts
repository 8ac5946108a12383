import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsApi, withdrawalsApi, type RouteInput } from '@antique/shared/routes';
import type {
  AdminRecharge,
  PaymentNotice,
  PaymentNoticeRefusal,
  PaymentNoticeVerdict,
  ProviderTradeState,
  RechargeChannel,
  RechargeStatus,
} from '@antique/shared';
import { download } from '../../lib/download';
import { call } from '../../lib/request';
import { withdrawalKeys } from '../withdrawals/api';

export type { AdminRecharge, PaymentNotice, RechargeChannel, RechargeStatus };
export type RechargeListParams = RouteInput<typeof paymentsApi.adminList>;
export type PaymentNoticeParams = RouteInput<typeof paymentsApi.adminNotices>;

/** Finance's words for a recharge's state. */
export const RECHARGE_STATUS_LABELS: Record<RechargeStatus, string> = {
  pending: '待支付',
  paid: '已到账',
  closed: '已关闭',
};

export const RECHARGE_STATUS_COLORS: Record<RechargeStatus, string> = {
  pending: 'gold',
  paid: 'success',
  closed: 'default',
};

export const CHANNEL_LABELS: Record<RechargeChannel, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
};

export const NOTICE_VERDICT_LABELS: Record<PaymentNoticeVerdict, string> = {
  credited: '已入账',
  duplicate: '重复通知',
  refused: '已拒收',
};

/** Why a notice credited nothing, as finance reads it. */
export const NOTICE_REFUSAL_LABELS: Record<PaymentNoticeRefusal, string> = {
  bad_signature: '签名验证失败',
  wrong_app: '应用或商户号不符',
  unknown_order: '订单号不存在',
  amount_mismatch: '金额与充值单不符',
  malformed: '通知内容无法解析',
  not_paid: '交易未支付',
};

export const TRADE_STATE_LABELS: Record<ProviderTradeState, string> = {
  paid: '渠道显示已支付，已入账',
  waiting: '渠道显示等待付款',
  closed: '渠道显示交易已关闭',
  not_found: '渠道查无此交易（会员未打开支付页或未付款）',
};

export const paymentKeys = {
  all: ['admin', 'payments'] as const,
  recharges: (params: RechargeListParams) => [...paymentKeys.all, 'recharges', params] as const,
  notices: (params: PaymentNoticeParams) => [...paymentKeys.all, 'notices', params] as const,
};

export const paymentQueries = {
  recharges: (params: RechargeListParams) =>
    queryOptions({
      queryKey: paymentKeys.recharges(params),
      queryFn: ({ signal }) => call(paymentsApi.adminList, params, { signal }),
    }),
  notices: (params: PaymentNoticeParams) =>
    queryOptions({
      queryKey: paymentKeys.notices(params),
      queryFn: ({ signal }) => call(paymentsApi.adminNotices, params, { signal }),
    }),
};

/** Asks the provider about one recharge (trade query); a payment it reports is credited. */
export function useRechargeRecheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(paymentsApi.adminRecheck, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** Pays an approved Alipay withdrawal through Alipay's transfer API; the queue refreshes after, paid or refused. */
export function useAlipayTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(withdrawalsApi.adminTransfer, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}

/** Saves the recharges' CSV for the filters and a date range; returns the file's name. */
export const exportRecharges = (input: RouteInput<typeof paymentsApi.adminExport>, fileName: string) =>
  download(paymentsApi.adminExport, input, fileName, { preferServerName: false });
