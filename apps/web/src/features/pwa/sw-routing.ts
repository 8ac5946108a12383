/**
 * How the member app's service worker answers a request; a pure function, so that which
 * addresses are cached how is tested without a worker.
 *
 * - `bypass`: not touched at all (the browser fetches it as if there were no worker): other
 *   origins, anything but GET, the API (`/v1/`, its live stream included), uploaded files,
 *   the console, the health check, the API docs, the worker itself.
 * - `navigation`: a page load (the app routes in the hash, so every page is index.html): network
 *   first, so that a new build shows at once; the cached index.html when offline.
 * - `asset`: the build's hashed files under /assets/, which never change: cache first.
 * - `static`: the other files the build copies as they are (icons, manifest): network first,
 *   the cached copy when offline.
 */
export type SwRoute = 'bypass' | 'navigation' | 'asset' | 'static';

export interface SwRequest {
  url: string;
  method: string;
  mode: string;
}

/** Never cached, never answered by the worker. */
const BYPASS = [/^\/v1(\/|$)/, /^\/files(\/|$)/, /^\/admin(\/|$)/, /^\/healthz(\/|$)/, /^\/docs(\/|$)/, /^\/sw\.js$/];

export function routeRequest(request: SwRequest, origin: string): SwRoute {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return 'bypass';
  if (BYPASS.some((pattern) => pattern.test(url.pathname))) return 'bypass';
  if (request.mode === 'navigate') return 'navigation';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  return 'static';
}

/** The cache of one build; the worker of a newer build removes the others when it activates. */
export const CACHE_PREFIX = 'antique-shell-';
export const cacheName = (buildId: string) => `${CACHE_PREFIX}${buildId}`;

/** The page every navigation falls back to offline. */
export const SHELL_URL = '/index.html';

/** What the page posts to a waiting worker when the member chooses to refresh now. */
export const SKIP_WAITING = 'SKIP_WAITING';

/** What the page posts to a worker (with a port) to learn which build it carries. */
export const BUILD_ID = 'BUILD_ID';

/** The meta tag in which the build writes its id into index.html. */
export const BUILD_META = 'app-build';
