import { contentApi, type RouteOutput } from '@antique/shared/routes';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { APP_CHANNEL, APP_VERSION, type AppShell } from '../../lib/app-shell';
import { i18n } from '../../lib/i18n';
import { call } from '../../lib/request';
import { showSuccessToast, showToast } from '../../lib/toast';

/** The specification's delay between "update complete" and the restart. */
export const RESTART_DELAY_MS = 1500;

export type AppVersionAnswer = RouteOutput<typeof contentApi.appVersion>;

/** What one attempt at updating came to. */
type Attempt = 'installed' | 'download-failed' | 'install-failed';

async function downloadAndInstall(shell: AppShell, answer: AppVersionAnswer, force: boolean): Promise<Attempt> {
  // The percentage stays on screen until the next message replaces it (duration 0), whatever
  // other calls start or end meanwhile.
  let shown = -1;
  const progress = (percent: number) => {
    const whole = Math.max(0, Math.min(100, Math.floor(percent)));
    if (whole === shown) return;
    shown = whole;
    showToast(i18n.t('appUpdate.downloading', { percent: whole }), 0);
  };
  progress(0);
  let packagePath: string;
  try {
    packagePath = await shell.download(answer.downloadUrl, progress);
  } catch {
    showToast(i18n.t('appUpdate.downloadFailed'));
    return 'download-failed';
  }
  showToast(i18n.t('appUpdate.installing'), 0);
  try {
    await shell.install(packagePath, { force });
  } catch {
    showToast(i18n.t('appUpdate.installFailed'));
    return 'install-failed';
  }
  showSuccessToast(i18n.t('appUpdate.complete'));
  setTimeout(() => shell.restart(), RESTART_DELAY_MS);
  return 'installed';
}

/**
 * The update check of the native shell: asks the server with the shell's version and channel,
 * then offers the update (1: optional, with a cancel button; 2: forced, without). A confirmed
 * update is downloaded with its percentage on screen, installed (with force when forced), and
 * the app restarts 1.5 s after "update complete". An optional update that failed just ends; a
 * forced one offers itself again, since the app cannot go on with the old version.
 */
export async function runAppUpdate(shell: AppShell): Promise<void> {
  let answer: AppVersionAnswer;
  try {
    answer = await call(contentApi.appVersion, {
      version: shell.version || APP_VERSION,
      channel: shell.channel || APP_CHANNEL,
    });
  } catch {
    // The check is not the member's business: a failed one waits for the next launch.
    return;
  }
  if (answer.update === 0) return;
  const force = answer.update === 2;
  for (;;) {
    const confirmed = await showMessageBox({
      title: i18n.t('appUpdate.title', { version: answer.version }),
      msg: answer.updateContent.trim() || i18n.t('appUpdate.defaultContent'),
      confirmText: i18n.t('appUpdate.confirm'),
      cancelText: i18n.t('appUpdate.later'),
      showCancel: !force,
      // The notes are usually a numbered list: read from the start of each line.
      align: answer.updateContent.includes('\n') ? 'start' : 'center',
      // The app's question, not a page's: it stays while the member moves on.
      scope: 'app',
    });
    if (!confirmed && !force) return;
    if (!confirmed) continue;
    const attempt = await downloadAndInstall(shell, answer, force);
    if (attempt === 'installed' || !force) return;
  }
}
