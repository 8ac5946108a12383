import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from './scheduler.js';

const log = pino({ level: 'silent' });

describe('the scheduler', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs a job on its interval, at once too when asked, and never twice at a time', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const slow = () => {
      runs += 1;
      return new Promise<number>((r) => (release = () => r(1)));
    };
    let quick = 0;
    const stop = startScheduler(
      [
        { name: 'slow', everyMs: 100, atStart: true, run: slow },
        { name: 'quick', everyMs: 100, run: async () => ++quick },
      ],
      log,
    );
    expect([runs, quick]).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(350);
    // The slow job's first run is still going: its ticks pass; the quick one ran three times.
    expect([runs, quick]).toEqual([1, 3]);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    void stop();
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect([runs, quick]).toEqual([2, 4]);
  });

  it('stops by waiting for the run under way, so the database is not closed beneath it', async () => {
    let release: () => void = () => undefined;
    let finished = false;
    const stop = startScheduler(
      [
        {
          name: 'slow',
          everyMs: 100,
          atStart: true,
          run: () => new Promise<number>((r) => (release = () => r(1))).finally(() => (finished = true)),
        },
      ],
      log,
    );
    let stopped = false;
    void stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect([finished, stopped]).toEqual([false, false]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect([finished, stopped]).toEqual([true, true]);
  });

  it('tells a long run under way to end at its next step (the demo’s tick), and waits for it', async () => {
    let stopping = false;
    let steps = 0;
    const stop = startScheduler(
      [
        {
          name: 'long',
          everyMs: 60_000,
          atStart: true,
          stop: () => (stopping = true),
          run: async () => {
            // A run of a hundred 100 ms steps that checks between them.
            for (let i = 0; i < 100 && !stopping; i++) {
              await new Promise((r) => setTimeout(r, 100));
              steps += 1;
            }
            return steps;
          },
        },
      ],
      log,
    );
    await vi.advanceTimersByTimeAsync(350);
    let stopped = false;
    void stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect([stopping, stopped, steps]).toEqual([true, true, 4]);
  });

  it('stops after at most the wait given when a run hangs', async () => {
    const stop = startScheduler(
      [{ name: 'stuck', everyMs: 100, atStart: true, run: () => new Promise<number>(() => undefined) }],
      log,
    );
    let stopped = false;
    void stop(2_000).then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stopped).toBe(true);
  });

  it('sleeps as long as a job says it is next due, at most its interval, and wakes sooner when told', async () => {
    let runs = 0;
    let next = 1_000;
    let wake: (ms: number) => void = () => undefined;
    let watching = false;
    const waits: number[] = [];
    const stop = startScheduler(
      [
        {
          name: 'due',
          everyMs: 5_000,
          atStart: true,
          run: async () => ++runs && 0,
          nextInMs: () => next,
          watch: (w) => {
            wake = w;
            watching = true;
            return () => (watching = false);
          },
        },
      ],
      log,
      {
        jobScheduled: () => undefined,
        jobStarted: () => undefined,
        jobFinished: () => undefined,
        jobWaiting: (_job, ms) => void waits.push(ms),
      },
    );
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    next = 60_000;
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    // Due in a minute: it sleeps its interval (5 s) at most.
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(3);
    // Told it is due in 100 ms: it runs then, not at its 5 s.
    await vi.advanceTimersByTimeAsync(1_000);
    wake(100);
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(4);
    // Told of a later time than it sleeps to: no change.
    wake(10_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(5);
    expect(waits).toEqual([1_000, 5_000, 5_000, 100, 5_000, 5_000]);
    await stop();
    expect(watching).toBe(false);
    wake(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(5);
  });

  it('keeps a wake-up asked for during a run for after it (the run may have looked before the change)', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    let wake: (ms: number) => void = () => undefined;
    const stop = startScheduler(
      [
        {
          name: 'due',
          everyMs: 5_000,
          atStart: true,
          run: () => {
            runs += 1;
            return new Promise<number>((r) => (release = () => r(0)));
          },
          nextInMs: () => 5_000,
          watch: (w) => {
            wake = w;
            return () => undefined;
          },
        },
      ],
      log,
    );
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    wake(200);
    // Never two runs at once: the wake-up waits for the run under way.
    await vi.advanceTimersByTimeAsync(150);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(49);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(3);
    void stop();
    release();
  });
});
