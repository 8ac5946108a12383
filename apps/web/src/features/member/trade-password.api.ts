import type { TradePasswordInput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/request';
import { useUserStore } from './user.store';

/** POST /member/password/trade: sets or resets the 6-digit trade password. */
export async function setTradePassword(input: TradePasswordInput): Promise<{ hasTradePassword: boolean }> {
  const result = await http.post<{ hasTradePassword: boolean }>('/member/password/trade', input);
  useUserStore.getState().patchUserInfo({ hasTradePassword: result.hasTradePassword });
  return result;
}

export function useTradePasswordMutation() {
  return useMutation({ mutationFn: setTradePassword });
}
