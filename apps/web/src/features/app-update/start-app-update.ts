import { getAppShell } from '../../lib/app-shell';
import { whenLoadedAndIdle } from '../../lib/when-loaded-and-idle';

/**
 * On launch inside the native shell, the update check runs once the first screen has loaded and
 * the page is idle; its code arrives only then. In a plain browser nothing happens, not even a call.
 */
export function startAppUpdateCheck(): void {
  const shell = getAppShell();
  if (!shell) return;
  whenLoadedAndIdle(() => {
    void import('./app-update').then(({ runAppUpdate }) => runAppUpdate(shell));
  });
}
