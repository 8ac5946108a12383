/**
 * The native app shell (the installed app that hosts this web app in a web view). When it is
 * there, it puts one object on `window` before the page's scripts run:
 *
 * ```ts
 * window.antiqueShell = {
 *   version: '1.0.0',          // the installed package's version, sent to the update check
 *   channel: 'App',            // the update channel
 *   // Downloads the package at `url`, calling onProgress(0–100) as it goes; resolves with the
 *   // local path of the downloaded package, rejects when the download fails.
 *   download(url, onProgress) { … return Promise<string> },
 *   // Installs a downloaded package; `force` for a forced update (no way back). Rejects on failure.
 *   install(packagePath, { force }) { … return Promise<void> },
 *   // Restarts the app, so that the installed package takes effect.
 *   restart() { … },
 * };
 * ```
 *
 * In a plain browser there is no shell, and nothing that needs one runs.
 */
export interface AppShell {
  readonly version: string;
  readonly channel: string;
  download(url: string, onProgress: (percent: number) => void): Promise<string>;
  install(packagePath: string, options: { force: boolean }): Promise<void>;
  restart(): void;
}

declare global {
  interface Window {
    antiqueShell?: AppShell;
  }
}

/** The specification's app version (code 100), for a shell that does not say its own. */
export const APP_VERSION = '1.0.0';
export const APP_CHANNEL = 'App';

function isShell(value: unknown): value is AppShell {
  if (typeof value !== 'object' || value === null) return false;
  const shell = value as Partial<Record<keyof AppShell, unknown>>;
  return (
    typeof shell.download === 'function' && typeof shell.install === 'function' && typeof shell.restart === 'function'
  );
}

/** The native shell hosting the app, or null in a plain browser. */
export function getAppShell(): AppShell | null {
  const shell = typeof window === 'undefined' ? undefined : window.antiqueShell;
  return isShell(shell) ? shell : null;
}
