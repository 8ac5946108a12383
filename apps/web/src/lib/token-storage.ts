/** The specification's storage key for the member's session token. */
export const TOKEN_KEY = 'antique_auction_token';

type TokenListener = () => void;
const listeners = new Set<TokenListener>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Calls `listener` after each sign-in and sign-out, in this tab (`setToken`, `clearToken`) or
 * another one of the app (the `storage` event); returns the function that stops it.
 */
export function onTokenChange(listener: TokenListener): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

// Storage can throw (disabled cookies, private mode quota): a missing token is the safe reading.
export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Nothing to do: the session then lasts as long as the page.
  }
  changed();
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Same as above.
  }
  changed();
}
