import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorsApi, type RouteInput } from '@antique/shared/routes';
import { ApiError, call } from '../../lib/request';
import { clearToken, readToken, saveToken } from '../../lib/token-storage';

export const sessionKeys = {
  me: ['admin', 'me'] as const,
};

export type LoginInput = RouteInput<typeof operatorsApi.login>;

const fetchMe = () => call(operatorsApi.me, {});

/** A picture captcha for a sign-in that needs one; each is good for one attempt. */
export const fetchLoginCaptcha = () => call(operatorsApi.captcha, {});

/**
 * Whether the next sign-in needs a captcha: the server asked for one (CAPTCHA_REQUIRED), said
 * so with a failure (`captchaRequired`), or refused the one given.
 */
export function needsCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.reason === 'CAPTCHA_REQUIRED' || error.reason === 'CAPTCHA_INVALID') return true;
  const data = error.data as { captchaRequired?: unknown } | null;
  return data?.captchaRequired === true;
}

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
