import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageBox } from '../../components/message-box/message-box';
import { useMessageBoxStore } from '../../components/message-box/message-box.store';
import type { AppShell } from '../../lib/app-shell';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { RESTART_DELAY_MS, runAppUpdate, type AppVersionAnswer } from './app-update';
import { startAppUpdateCheck } from './start-app-update';

beforeAll(() => import('../../components/message-box/message-box-dialog'));

beforeEach(() => {
  useMessageBoxStore.setState({ visible: false, pending: null });
});

afterEach(() => {
  delete window.antiqueShell;
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A native shell whose download and install the test settles. */
function fakeShell() {
  const downloads: {
    url: string;
    onProgress: (percent: number) => void;
    result: ReturnType<typeof deferred<string>>;
  }[] = [];
  const installs: { path: string; force: boolean; result: ReturnType<typeof deferred<void>> }[] = [];
  const shell = {
    version: '1.0.0',
    channel: 'App',
    download: vi.fn((url: string, onProgress: (percent: number) => void) => {
      const result = deferred<string>();
      downloads.push({ url, onProgress, result });
      return result.promise;
    }),
    install: vi.fn((path: string, { force }: { force: boolean }) => {
      const result = deferred<void>();
      installs.push({ path, force, result });
      return result.promise;
    }),
    restart: vi.fn(),
  } satisfies AppShell;
  return { shell, downloads, installs };
}

function answer(update: 0 | 1 | 2): AppVersionAnswer {
  return {
    update,
    version: '1.2.0',
    downloadUrl: 'https://download.example.com/antique-1.2.0.wgt',
    updateContent: '修复出价偶尔失败的问题',
  };
}

function stubCheck(update: 0 | 1 | 2) {
  return stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: answer(update) }));
}

describe('app update (native shell)', () => {
  it('does nothing in a plain browser: no idle wait, no call', () => {
    const { fetchMock } = stubCheck(1);
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    startAppUpdateCheck();
    expect(idle).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('inside the shell, asks with its version and channel App once the first screen is idle', async () => {
    const { calls } = stubCheck(0);
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((run: IdleRequestCallback) => idle.push(run)),
    );
    window.antiqueShell = { ...fakeShell().shell, version: '1.0.3' };
    startAppUpdateCheck();
    expect(calls).toHaveLength(0);
    idle.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/v1/iyd/index');
    expect(Object.fromEntries(url.searchParams)).toEqual({ version: '1.0.3', channel: 'App' });
  });

  it('shows nothing when the version is current (update 0)', async () => {
    const { calls } = stubCheck(0);
    const { shell } = fakeShell();
    render(<MessageBox />);
    await runAppUpdate(shell);
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('message-box-msg')).not.toBeInTheDocument();
    expect(shell.download).not.toHaveBeenCalled();
  });

  it('offers an optional update with a cancel button; cancel downloads nothing', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    stubCheck(1);
    const { shell } = fakeShell();
    render(<MessageBox />);
    const done = runAppUpdate(shell);
    expect(await screen.findByTestId('message-box-title')).toHaveTextContent('发现新版本 1.2.0');
    expect(screen.getByTestId('message-box-msg')).toHaveTextContent('修复出价偶尔失败的问题');
    expect(screen.getByTestId('message-box-confirm')).toHaveTextContent('立即更新');
    await user.click(screen.getByTestId('message-box-cancel'));
    await done;
    expect(shell.download).not.toHaveBeenCalled();
    expect(useMessageBoxStore.getState().visible).toBe(false);
  });

  it('forces an update without cancel: downloads with the percentage shown, installs with force, restarts 1.5 s after', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    stubCheck(2);
    const { shell, downloads, installs } = fakeShell();
    render(<MessageBox />);
    const done = runAppUpdate(shell);
    expect(await screen.findByTestId('message-box-confirm')).toHaveTextContent('立即更新');
    expect(screen.queryByTestId('message-box-cancel')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('message-box-confirm'));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.url).toBe('https://download.example.com/antique-1.2.0.wgt');
    act(() => downloads[0]!.onProgress(42.6));
    expect(await screen.findByText('正在下载 42%')).toBeInTheDocument();
    downloads[0]!.result.resolve('/storage/antique-1.2.0.wgt');

    await waitFor(() => expect(installs).toHaveLength(1));
    expect(installs[0]).toMatchObject({ path: '/storage/antique-1.2.0.wgt', force: true });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      installs[0]!.result.resolve();
      await done;
    });
    expect(shell.restart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(RESTART_DELAY_MS - 1);
    expect(shell.restart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(shell.restart).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await screen.findByText('更新完成，重启后生效')).toBeInTheDocument();
  });

  it('an optional update whose download fails says so and ends', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    stubCheck(1);
    const { shell, downloads } = fakeShell();
    render(<MessageBox />);
    const done = runAppUpdate(shell);
    await user.click(await screen.findByTestId('message-box-confirm'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    downloads[0]!.result.reject(new Error('disk full'));
    await done;
    expect(await screen.findByText('更新失败')).toBeInTheDocument();
    expect(shell.install).not.toHaveBeenCalled();
    expect(useMessageBoxStore.getState().visible).toBe(false);
  });

  it('a forced update whose install fails says so and offers the update again', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    stubCheck(2);
    const { shell, downloads, installs } = fakeShell();
    render(<MessageBox />);
    void runAppUpdate(shell);
    await user.click(await screen.findByTestId('message-box-confirm'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    downloads[0]!.result.resolve('/storage/antique-1.2.0.wgt');
    await waitFor(() => expect(installs).toHaveLength(1));
    installs[0]!.result.reject(new Error('signature mismatch'));
    expect(await screen.findByText('安装失败')).toBeInTheDocument();
    await waitFor(() => expect(useMessageBoxStore.getState().visible).toBe(true));
    expect(screen.queryByTestId('message-box-cancel')).not.toBeInTheDocument();
    expect(shell.restart).not.toHaveBeenCalled();
  });
});
