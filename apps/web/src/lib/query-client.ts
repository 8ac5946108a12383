import { QueryClient } from '@tanstack/react-query';
import { isRequestError } from './request-error';

/** Retries only what may pass on a second try: a lost connection or a timeout, once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return isRequestError(error) && (error.kind === 'network' || error.kind === 'timeout');
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
