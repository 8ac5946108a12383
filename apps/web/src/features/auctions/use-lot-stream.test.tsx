import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openLotStream } from './lot-stream';
import { STREAM_IDLE_TIMEOUT_MS, useLotStream, whenLoadedAndIdle } from './use-lot-stream';

vi.mock('./lot-stream', () => ({ openLotStream: vi.fn(() => () => undefined) }));

let idleCallbacks: { run: IdleRequestCallback; options?: IdleRequestOptions }[];

beforeEach(() => {
  idleCallbacks = [];
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((run: IdleRequestCallback, options?: IdleRequestOptions) => idleCallbacks.push({ run, options })),
  );
  vi.stubGlobal('cancelIdleCallback', vi.fn());
  vi.mocked(openLotStream).mockClear();
});

const loading = () => vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
const idle = () => idleCallbacks.splice(0).forEach(({ run }) => run({ didTimeout: false, timeRemaining: () => 50 }));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live stream of the lots on screen', () => {
  it('opens only once the page has loaded and is idle, not during the first paint', async () => {
    const readyState = loading();
    renderHook(() => useLotStream([5, 3, 5]));
    await flush();
    expect(idleCallbacks).toHaveLength(0);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0]!.options).toEqual({ timeout: STREAM_IDLE_TIMEOUT_MS });
    await flush();
    expect(openLotStream).not.toHaveBeenCalled();
    idle();
    await vi.waitFor(() => expect(openLotStream).toHaveBeenCalledTimes(1));
    expect(vi.mocked(openLotStream).mock.calls[0]![0]).toEqual([3, 5]);
  });

  it('waits only for an idle moment on a page already loaded', async () => {
    renderHook(() => useLotStream([7]));
    expect(idleCallbacks).toHaveLength(1);
    idle();
    await vi.waitFor(() => expect(openLotStream).toHaveBeenCalledTimes(1));
  });

  it('never opens for a page left before it was idle, nor without lots', async () => {
    const { unmount } = renderHook(() => useLotStream([7]));
    renderHook(() => useLotStream([]));
    unmount();
    idle();
    await flush();
    expect(openLotStream).not.toHaveBeenCalled();
  });

  it('falls back to a timer where the browser has no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenLoadedAndIdle(run);
    expect(run).not.toHaveBeenCalled();
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenLoadedAndIdle(cancelled)();
    await flush();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
