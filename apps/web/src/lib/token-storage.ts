/** The specification's storage key for the member's session token. */
export const TOKEN_KEY = 'antique_auction_token';

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
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Same as above.
  }
}
