import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorsApi, type RouteInput } from '@antique/shared/routes';
import { call } from '../../lib/request';
import { clearToken, readToken, saveToken } from '../../lib/token-storage';

export const sessionKeys = {
  me: ['admin', 'me'] as const,
};

export type LoginInput = RouteInput<typeof operatorsApi.login>;

const fetchMe = () => call(operatorsApi.me, {});

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => call(operatorsApi.login, input),
    onSuccess: async (out) => {
      queryClient.clear();
      saveToken(out.token);
      await queryClient.fetchQuery({ queryKey: sessionKeys.me, queryFn: fetchMe });
    },
  });
}

export function useMe() {
  return useQuery({ queryKey: sessionKeys.me, queryFn: fetchMe, enabled: readToken() !== null, staleTime: 60_000 });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(operatorsApi.logout, {});
      } catch {
        // The session ends here whatever the server says; the token is dropped below.
      }
    },
    onSettled: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
