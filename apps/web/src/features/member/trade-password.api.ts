import { accountsApi, type RouteOutput } from '@antique/shared/routes';
import type { TradePasswordInput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { useUserStore } from './user.store';

/** Sets or resets the 6-digit trade password. */
export async function setTradePassword(
  input: TradePasswordInput,
): Promise<RouteOutput<typeof accountsApi.setTradePassword>> {
  const result = await call(accountsApi.setTradePassword, input);
  useUserStore.getState().patchUserInfo({ hasTradePassword: result.hasTradePassword });
  return result;
}

export function useTradePasswordMutation() {
  return useMutation({ mutationFn: setTradePassword });
}
