import { HOME_PATH, LOGIN_PATH, isPagePath, routePaths } from './route-paths';

/** The specification's async page loader: show loading after 200 ms, give up after 60 s. */
export const PAGE_LOADER_DELAY_MS = 200;
export const PAGE_LOADER_TIMEOUT_MS = 60_000;

/** How to go: in place of the current entry, and what the new entry remembers (the router's location state). */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface Navigator {
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
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
export async function navigateTo(to: string, options: NavigateOptions = {}): Promise<void> {
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
export function go(to: string, options?: NavigateOptions): void {
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

/** The page on screen as an in-app path with its query (`/pages/withdraw/withdraw?x=1`). */
export function currentPath(): string {
  const path = window.location.hash.replace(/^#/, '');
  return path && path !== '/' ? path : HOME_PATH;
}

/** A page a finished task may send the member back to: in the app, and not a sign-in page. */
function returnTarget(from: string | undefined): string | undefined {
  if (!from || !isPagePath(from)) return undefined;
  const path = from.split('?')[0];
  return path === LOGIN_PATH || path === routePaths.register || path === routePaths.forgotPassword ? undefined : from;
}

/** What a page opened by `goAndReturn` finds in its location state. */
interface ReturnState {
  from: string;
}

/**
 * Opens a page for a task that ends where it started (set the trade password from the withdraw
 * page): the page's address names where it came from (`?from=`), and its history entry knows
 * it was opened from there.
 */
export function goAndReturn(to: string, from: string = currentPath()): void {
  const [path = to, query = ''] = to.split('?');
  const params = new URLSearchParams(query);
  params.set('from', from);
  go(`${path}?${params.toString()}`, { state: { from } satisfies ReturnState });
}

/**
 * Ends a task where it started: back one entry when the page was opened from `from` (or, with
 * no `from`, from anywhere in this visit), otherwise to `from` in place of this page; with
 * neither, to `fallback` (never the home page the member did not come from).
 */
export function returnFrom(from: string | undefined, state: unknown, fallback: string): void {
  const target = returnTarget(from);
  const openedFrom = (state as Partial<ReturnState> | null | undefined)?.from;
  if (navigator && hasHistory() && (target === undefined || openedFrom === target)) {
    void navigator.navigate(-1);
    return;
  }
  go(target ?? fallback, { replace: true });
}
