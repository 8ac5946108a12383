import { SKIP_WAITING } from './sw-routing';

export interface UpdatePrompt {
  /** The build the page runs (from its index.html), or null when it does not say. */
  pageBuild: string | null;
  /** Which build a worker carries (it answers a message), or null when it does not answer. */
  identify(worker: ServiceWorker): Promise<string | null>;
  /** Asks the member whether to refresh now; true to refresh. */
  ask(): Promise<boolean>;
  /** Reloads the page (once the new worker controls it). */
  reload(): void;
}

/**
 * Offers a new build once its worker is installed and waiting behind the one in control: on
 * confirm the waiting worker takes over and the page reloads once, when it does; on cancel it
 * takes over on the next visit. The first install (no worker in control yet) asks nothing, and
 * neither does a page that already runs the waiting build (page loads go to the network first,
 * so a visit after a deployment gets the new index.html at once): that worker just takes over.
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
    if (prompt.pageBuild !== null && (await prompt.identify(waiting)) === prompt.pageBuild) {
      waiting.postMessage({ type: SKIP_WAITING });
      return;
    }
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
