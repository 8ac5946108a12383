import { SKIP_WAITING } from './sw-routing';

export interface UpdatePrompt {
  /** Asks the member whether to refresh now; true to refresh. */
  ask(): Promise<boolean>;
  /** Reloads the page (once the new worker controls it). */
  reload(): void;
}

/**
 * Offers a new build once its worker is installed and waiting behind the one in control: on
 * confirm the waiting worker takes over and the page reloads once, when it does; on cancel it
 * takes over on the next visit. The first install (no worker in control yet) asks nothing.
 */
export function watchForUpdates(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  prompt: UpdatePrompt,
): void {
  const offered = new WeakSet<ServiceWorker>();
  let reloading = false;
  const offer = async (waiting: ServiceWorker) => {
    if (!container.controller || offered.has(waiting)) return;
    offered.add(waiting);
    if (!(await prompt.ask())) return;
    container.addEventListener('controllerchange', () => {
      if (reloading) return;
      reloading = true;
      prompt.reload();
    });
    waiting.postMessage({ type: SKIP_WAITING });
  };
  if (registration.waiting) void offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') void offer(installing);
    });
  });
}
