/**
 * The member app's service worker, bundled on its own into /sw.js at build time (see
 * `serviceWorker()` in vite.config.ts, which fills in the build id and the files to precache).
 * It keeps the app shell (index.html and the first screen's files) so that the app opens
 * offline; the API and everything live is never touched (see sw-routing.ts).
 */
import { BUILD_ID, CACHE_PREFIX, SHELL_URL, SKIP_WAITING, cacheName, routeRequest } from './sw-routing';

declare const __SW_BUILD_ID__: string;
declare const __SW_PRECACHE__: string[];

// The worker's own types (the app's TypeScript program has the DOM's, not a worker's).
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends Event {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE = cacheName(__SW_BUILD_ID__);

worker.addEventListener('install', (event) => {
  // Past the HTTP cache: the server revalidates index.html anyway, and a stale copy here would
  // point at files of another build. No skipWaiting: a new build waits until the member agrees
  // to refresh (or the next visit), so that a page never runs against another build's files.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(__SW_PRECACHE__.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SKIP_WAITING) void worker.skipWaiting();
  if (type === BUILD_ID) event.ports[0]?.postMessage(__SW_BUILD_ID__);
});

async function networkFirst(request: Request, fallback: string | Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(fallback);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  switch (routeRequest(request, worker.location.origin)) {
    case 'navigation':
      event.respondWith(networkFirst(request, SHELL_URL));
      return;
    case 'asset':
      event.respondWith(cacheFirst(request));
      return;
    case 'static':
      event.respondWith(networkFirst(request, request));
      return;
    case 'bypass':
      return;
  }
});
