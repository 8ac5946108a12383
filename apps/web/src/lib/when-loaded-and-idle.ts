/** How long to wait at most for an idle moment once the page has loaded. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Calls `run` once the page has loaded and the main thread is idle (or after
 * `IDLE_TIMEOUT_MS` of a busy one); returns the function that cancels it. What the first
 * screen does not need (the live stream, the service worker, the app-update check) starts here.
 */
export function whenLoadedAndIdle(run: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const afterLoad = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
    else timer = setTimeout(go, 0);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
    clearTimeout(timer);
  };
}
