import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, whenLoadedAndIdle } from './when-loaded-and-idle';

let idleCallbacks: { run: IdleRequestCallback; options?: IdleRequestOptions }[];

beforeEach(() => {
  idleCallbacks = [];
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((run: IdleRequestCallback, options?: IdleRequestOptions) => idleCallbacks.push({ run, options })),
  );
  vi.stubGlobal('cancelIdleCallback', vi.fn());
});

const loading = () => vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
const idle = () => idleCallbacks.splice(0).forEach(({ run }) => run({ didTimeout: false, timeRemaining: () => 50 }));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('waiting for the first screen', () => {
  it('runs only once the page has loaded and is idle, not during the first paint', async () => {
    const readyState = loading();
    const run = vi.fn();
    whenLoadedAndIdle(run);
    await flush();
    expect(idleCallbacks).toHaveLength(0);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0]!.options).toEqual({ timeout: IDLE_TIMEOUT_MS });
    expect(run).not.toHaveBeenCalled();
    idle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits only for an idle moment on a page already loaded, and not at all once cancelled', () => {
    const run = vi.fn();
    whenLoadedAndIdle(run);
    const cancelled = vi.fn();
    whenLoadedAndIdle(cancelled)();
    expect(idleCallbacks).toHaveLength(2);
    idle();
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
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
