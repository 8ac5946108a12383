import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Operator, OperatorRole } from '@antique/shared';
import { api } from '../../lib/request';
import { clearToken, readToken, saveToken } from '../../lib/token-storage';

export const sessionKeys = {
  me: ['admin', 'me'] as const,
};

export interface LoginInput {
  username: string;
  password: string;
}
export interface LoginOutput {
  token: string;
  role: OperatorRole;
}

export const login = (input: LoginInput) => api.post<LoginOutput>('/login', input);
export const fetchMe = () => api.get<Operator>('/me');
export const logout = () => api.post<null>('/logout');

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
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
        await logout();
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
