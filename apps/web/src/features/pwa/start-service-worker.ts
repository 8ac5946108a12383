import { showMessageBox } from '../../components/message-box/message-box.store';
import { i18n } from '../../lib/i18n';
import { whenLoadedAndIdle } from '../../lib/when-loaded-and-idle';
import { BUILD_ID, BUILD_META } from './sw-routing';
import { watchForUpdates } from './sw-update-prompt';

/** Where the build writes the worker (see `serviceWorker()` in vite.config.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/** How long a worker may take to say which build it carries. */
const IDENTIFY_TIMEOUT_MS = 3000;

function identify(worker: ServiceWorker): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), IDENTIFY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      resolve(typeof event.data === 'string' ? event.data : null);
    };
    worker.postMessage({ type: BUILD_ID }, [channel.port2]);
  });
}

/**
 * Registers the service worker of a production build once the first screen has loaded and the
 * page is idle, so that it costs the first paint nothing; in development and tests there is none.
 * A build deployed while the app stays open is looked for whenever the app comes back to the front.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  whenLoadedAndIdle(() => {
    container.register(SERVICE_WORKER_URL).then(
      (registration: ServiceWorkerRegistration | undefined) => {
        // A browser that blocks workers (a policy, an automation setting) may answer with none.
        if (!registration) return;
        watchForUpdates(registration, container, {
          pageBuild: document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META}"]`)?.content || null,
          identify,
          ask: () =>
            showMessageBox({
              msg: i18n.t('pwa.ready'),
              confirmText: i18n.t('pwa.refresh'),
              cancelText: i18n.t('pwa.later'),
              scope: 'app',
            }),
          reload: () => window.location.reload(),
        });
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
        });
      },
      () => undefined,
    );
  });
}
