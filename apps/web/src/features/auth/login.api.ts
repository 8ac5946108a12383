import type { LoginInput, SessionOutput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/request';

/** POST /member/login */
export function login(input: LoginInput): Promise<SessionOutput> {
  return http.post<SessionOutput>('/member/login', input);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
