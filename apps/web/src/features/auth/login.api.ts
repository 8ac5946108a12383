import { accountsApi } from '@antique/shared/routes';
import type { LoginInput, SessionOutput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request';

export function login(input: LoginInput): Promise<SessionOutput> {
  return call(accountsApi.login, input);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
