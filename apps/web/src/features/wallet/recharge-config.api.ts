import { walletApi } from '@antique/shared/routes';
import type { RechargeConfig } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** Under ['asset'], which every money change refreshes. */
export const rechargeConfigKey = ['asset', 'recharge', 'config'] as const;

/** How money comes in: the house's bank account (always), the online channels configured, the limits. */
export function fetchRechargeConfig(): Promise<RechargeConfig> {
  return call(walletApi.rechargeConfig, {});
}

export function useRechargeConfigQuery() {
  return useQuery({ queryKey: rechargeConfigKey, queryFn: fetchRechargeConfig, staleTime: 0 });
}
