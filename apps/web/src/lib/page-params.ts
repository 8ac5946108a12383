import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A page's query string as its parameters: `#/pages/rule/rule?id=agreement` → `{ id: 'agreement' }`. */
export function usePageParams(): Record<string, string> {
  const [search] = useSearchParams();
  return useMemo(() => Object.fromEntries(search), [search]);
}

/** A parameter of the address bar's own query (before the hash), as invite links may carry. */
export function outerQueryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}
