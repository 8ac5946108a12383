import { HOME_PATH } from './route-paths';

/** The specification's async page loader: show loading after 200 ms, give up after 60 s. */
export const PAGE_LOADER_DELAY_MS = 200;
export const PAGE_LOADER_TIMEOUT_MS = 60_000;

interface Navigator {
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>;
  /** Starts fetching a page's code; resolves when it is in or has failed. The router knows the pages. */
  preload?(pathname: string): Promise<void>;
  /** Whether the route has its page yet (a route without one shows not-found). */
  hasPage?(pathname: string): boolean;
}

let navigator: Navigator | null = null;

/** The router calls this once it exists; navigation outside React goes through it. */
export function bindNavigator(next: Navigator | null): void {
  navigator = next;
}

/** A second navigation to a target whose first one has not finished. */
export class NavigationLockedError extends Error {
  constructor(readonly target: string) {
    super(`navigateTo:fail locked: ${target}`);
    this.name = 'NavigationLockedError';
  }
}

const inFlight = new Set<string>();

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts fetching a page's code; resolves when it is in (or failed: the page's boundary reports that). */
export function preloadPage(pathname: string): Promise<void> {
  return navigator?.preload ? navigator.preload(pathname) : Promise.resolve();
}

/** Whether an in-app path leads to a page that exists yet. */
export function hasPage(pathname: string): boolean {
  return navigator?.hasPage?.(pathname) ?? false;
}

/**
 * Goes to an in-app path such as `/pages/rule/rule?id=agreement`. While a navigation to the
 * same target is in flight (its page's code still loading), another one is rejected as locked.
 */
export async function navigateTo(to: string, options: { replace?: boolean } = {}): Promise<void> {
  if (!navigator) throw new Error('The router is not ready');
  if (inFlight.has(to)) throw new NavigationLockedError(to);
  inFlight.add(to);
  try {
    const loaded = preloadPage(to.split('?')[0] ?? to);
    await Promise.race([loaded, sleep(PAGE_LOADER_DELAY_MS)]);
    await navigator.navigate(to, options);
    await loaded;
  } finally {
    inFlight.delete(to);
  }
}

/** For click handlers: a locked repeat is expected and dropped. */
export function go(to: string, options?: { replace?: boolean }): void {
  navigateTo(to, options).catch((error: unknown) => {
    if (!(error instanceof NavigationLockedError)) console.error(error);
  });
}

/** Whether this visit has a page to go back to (the router numbers its history entries). */
export function hasHistory(): boolean {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof index === 'number' && index > 0;
}

/** Back one page, or home when the app was opened on this page. */
export function goBack(): void {
  if (hasHistory() && navigator) {
    void navigator.navigate(-1);
  } else {
    go(HOME_PATH, { replace: true });
  }
}
