import { accountsApi, type RouteOutput } from '@antique/shared/routes';
import type { RealNameInput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { useUserStore } from './user.store';

/** Submits the real-name check for review. */
export async function submitRealName(input: RealNameInput): Promise<RouteOutput<typeof accountsApi.submitRealName>> {
  const result = await call(accountsApi.submitRealName, input);
  useUserStore.getState().patchUserInfo({ realNameStatus: result.realNameStatus, realNameReason: undefined });
  return result;
}

export function useRealNameMutation() {
  return useMutation({ mutationFn: submitRealName });
}
