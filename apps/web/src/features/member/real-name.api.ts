import type { RealNameInput, RealNameStatus } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/request';
import { useUserStore } from './user.store';

/** POST /member/auth: submits the real-name check for review. */
export async function submitRealName(input: RealNameInput): Promise<{ realNameStatus: RealNameStatus }> {
  const result = await http.post<{ realNameStatus: RealNameStatus }>('/member/auth', input);
  useUserStore.getState().patchUserInfo({ realNameStatus: result.realNameStatus, realNameReason: undefined });
  return result;
}

export function useRealNameMutation() {
  return useMutation({ mutationFn: submitRealName });
}
