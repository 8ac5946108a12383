import { QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_CODE } from './request';

/** Retry only what may pass on a second try: network failures and server errors. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.code !== NETWORK_ERROR_CODE && error.code < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
