import { useRef } from 'react';
import { newIdempotencyKey } from './idempotency-key';
import { isRequestError } from './request-error';

/**
 * One `Idempotency-Key` per submit attempt. A retry of the same submit after an answer that
 * never came (network, timeout, 5xx) reuses it, so the server does the work at most once;
 * after a definite answer, or when what is submitted changes, the next submit gets a new one.
 */
export function useSubmitKey() {
  const current = useRef<{ key: string; payload: string } | null>(null);
  return {
    keyFor(payload: unknown): string {
      const text = JSON.stringify(payload);
      if (!current.current || current.current.payload !== text) {
        current.current = { key: newIdempotencyKey(), payload: text };
      }
      return current.current.key;
    },
    settle(error?: unknown) {
      const unknownOutcome =
        isRequestError(error) && (['network', 'timeout', 'abort', 'empty'].includes(error.kind) || error.code >= 500);
      if (!unknownOutcome) current.current = null;
    },
  };
}
