import { accountsApi } from '@antique/shared/routes';
import type { ChangePasswordInput, SessionOutput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { setToken } from '../../lib/token-storage';

/** The answer is a new session, every other one is revoked. */
export async function changePassword(input: ChangePasswordInput): Promise<SessionOutput> {
  const session = await call(accountsApi.changePassword, input);
  setToken(session.token);
  return session;
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
