/** The specification's reach-bottom distance, in px. */
export const REACH_BOTTOM_DISTANCE = 50;
/** After firing, reaching the bottom again is ignored for this long. */
export const REACH_BOTTOM_REARM_MS = 350;

export interface ReachBottomGuard {
  /** Runs `fire` unless it already ran within the re-arm window; true when it ran. */
  trigger(fire: () => void): boolean;
  readonly armed: boolean;
  dispose(): void;
}

/**
 * A reach-bottom event fires once and is then ignored until the guard re-arms, so a burst of
 * scroll events at the bottom asks for one page. `onRearm` lets the owner look again: a member
 * who stayed at the bottom still gets the next page.
 */
export function createReachBottomGuard(rearmMs = REACH_BOTTOM_REARM_MS, onRearm?: () => void): ReachBottomGuard {
  let armed = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    get armed() {
      return armed;
    },
    trigger(fire) {
      if (!armed) return false;
      armed = false;
      timer = setTimeout(() => {
        timer = null;
        armed = true;
        onRearm?.();
      }, rearmMs);
      fire();
      return true;
    },
    dispose() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

/** How far the page's bottom edge is below the viewport's. */
export function distanceToBottom(): number {
  const root = document.documentElement;
  const scrollTop = window.scrollY || root.scrollTop;
  return root.scrollHeight - (scrollTop + window.innerHeight);
}
