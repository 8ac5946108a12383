import { accountsApi } from '@antique/shared/routes';
import type { ResetPasswordInput, SessionOutput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** Forgot password: a new login password for a phone proven by its SMS code; the answer is a session. */
export function resetPassword(input: ResetPasswordInput): Promise<SessionOutput> {
  return call(accountsApi.resetPassword, input);
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
