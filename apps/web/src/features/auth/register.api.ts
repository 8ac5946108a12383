import type { RegisterInput, SessionOutput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/request';

/** POST /member/register: lands logged in. */
export function register(input: RegisterInput): Promise<SessionOutput> {
  return http.post<SessionOutput>('/member/register', input);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
