// After sign-up the member lands on 我的, which asks once whether to verify the real name now
// (bidding and withdrawing need it). Kept for the tab's session, so a reload does not ask again
// and another tab never does.
const KEY = 'antique_auction_suggest_realname';
let inMemory = false;

/** Asks 我的 to offer verification the next time it shows this member. */
export function suggestRealNameNext(): void {
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    inMemory = true;
  }
}

/** Whether to offer it now; the offer is made once. */
export function takeRealNameSuggestion(): boolean {
  let asked = inMemory;
  inMemory = false;
  try {
    asked = window.sessionStorage.getItem(KEY) === '1' || asked;
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused: only this visit's memory counts.
  }
  return asked;
}
