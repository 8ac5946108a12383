import { paymentsApi } from '@antique/shared/routes';
import type { Recharge, RechargeChannel } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { call } from '../../lib/request';

export const rechargeKey = (id: number) => ['asset', 'recharge', 'info', id] as const;

/**
 * How long the waiting page keeps asking after the member came back from the provider: quickly
 * at first (the notice usually lands within seconds), then less often, and not past a stop.
 */
export const RECHARGE_POLL_FIRST_MS = 1500;
export const RECHARGE_POLL_MAX_MS = 10_000;
export const RECHARGE_POLL_STOP_MS = 5 * 60_000;

/** The wait before the n-th look (from 0): 1.5 s doubling up to 10 s. */
export function rechargePollDelay(attempt: number): number {
  return Math.min(RECHARGE_POLL_MAX_MS, RECHARGE_POLL_FIRST_MS * 2 ** Math.max(0, attempt));
}

/**
 * Opens a top-up with a provider: the recharge and the page to pay on. With `orderId` the
 * server asks for that order's shortfall and pays the order once the money arrives. One
 * `Idempotency-Key` per attempt: a retry after a lost answer finds the same recharge.
 */
export function createRecharge(
  input: { channel: RechargeChannel; amount?: number; orderId?: number },
  idempotencyKey: string,
): Promise<Recharge> {
  return call(paymentsApi.recharge, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function fetchRecharge(id: number): Promise<Recharge> {
  return call(paymentsApi.rechargeInfo, { id }, { loading: false });
}

/**
 * One recharge, asked again while it is pending (backing off) until `stopAt`; the page offers
 * to look again by hand after that.
 */
export function useRechargeQuery(id: number, stopAt: number) {
  return useQuery({
    queryKey: rechargeKey(id),
    queryFn: () => fetchRecharge(id),
    enabled: id > 0,
    staleTime: 0,
    retry: 2,
    refetchInterval: (query) => {
      if (query.state.data?.status !== 'pending' || Date.now() >= stopAt) return false;
      return rechargePollDelay(query.state.dataUpdateCount - 1);
    },
  });
}

/** Leaves the app for the provider's payment page (Alipay's or WeChat Pay's); the provider sends the member back. */
export function openPayPage(payUrl: string): void {
  window.location.assign(payUrl);
}
