import type { ChangePasswordInput, SessionOutput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/request';
import { setToken } from '../../lib/token-storage';

/** POST /member/password: the answer is a new session, every other one is revoked. */
export async function changePassword(input: ChangePasswordInput): Promise<SessionOutput> {
  const session = await http.post<SessionOutput>('/member/password', input);
  setToken(session.token);
  return session;
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword });
}
