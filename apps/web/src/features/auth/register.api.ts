import { accountsApi } from '@antique/shared/routes';
import type { RegisterInput, SessionOutput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request';

/** Lands logged in. */
export function register(input: RegisterInput): Promise<SessionOutput> {
  return call(accountsApi.register, input);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
