import type { Logger } from 'pino';
import type { Metrics } from '../lib/metrics.js';

export interface Job {
  name: string;
  /** How often it runs; for a job that says when it is next due (`nextInMs`), the longest it sleeps. */
  everyMs: number;
  /** Run once at once too, not only after the first interval. */
  atStart?: boolean;
  /** Does what is due; answers how many things it did (logged when more than none). */
  run(): Promise<number>;
  /** The scheduler is stopping: a long run under way should end at its next step. */
  stop?(): void;
  /**
   * A job that knows when it is next due: asked after each run (failed ones too), and the
   * scheduler sleeps that long (at most `everyMs`) instead of running it on an interval.
   */
  nextInMs?(): number;
  /**
   * What may make a job with `nextInMs` due sooner: it calls `wake(ms)` to run in `ms` (0: at
   * once) when that is before its next run. Answers how to stop listening.
   */
  watch?(wake: (ms: number) => void): () => void;
}

/**
 * Runs each job on its interval, or when it says it is next due, never two runs of one job at
 * once in this process. Jobs themselves take row locks (FOR UPDATE SKIP LOCKED), so several
 * instances may run the same job together without doing any work twice.
 */
export function startScheduler(
  jobs: Job[],
  log: Logger,
  metrics?: Pick<Metrics, 'jobScheduled' | 'jobStarted' | 'jobFinished' | 'jobWaiting'>,
) {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const ends = jobs.map((job) => {
    let running = false;
    // A sleeping job's timer and when it fires (performance.now()), and the earliest wake-up
    // asked for while it ran (that run may have looked at the work before the change).
    let timer: NodeJS.Timeout | undefined;
    let firesAt = Number.POSITIVE_INFINITY;
    let askedAt = Number.POSITIVE_INFINITY;
    metrics?.jobScheduled(job.name, job.everyMs);

    const sleep = (ms: number) => {
      clearTimeout(timer);
      const wait = Number.isNaN(ms) ? job.everyMs : Math.min(job.everyMs, Math.max(0, ms));
      firesAt = performance.now() + wait;
      metrics?.jobWaiting(job.name, wait);
      timer = setTimeout(tick, wait);
    };

    const tick = () => {
      if (running || stopped) return;
      running = true;
      clearTimeout(timer);
      firesAt = Number.POSITIVE_INFINITY;
      metrics?.jobStarted(job.name);
      const started = performance.now();
      const done = (ok: boolean) => metrics?.jobFinished(job.name, ok, (performance.now() - started) / 1000);
      const run = job
        .run()
        .then((n) => {
          done(true);
          if (n > 0) log.info({ job: job.name, n }, 'job did work');
        })
        .catch((err: unknown) => {
          done(false);
          if (!stopped) log.error({ err, job: job.name }, 'job failed');
        })
        .finally(() => {
          running = false;
          inFlight.delete(run);
          if (!job.nextInMs || stopped) return;
          const asked = askedAt - performance.now();
          askedAt = Number.POSITIVE_INFINITY;
          sleep(Math.min(job.nextInMs(), asked));
        });
      inFlight.add(run);
    };

    if (!job.nextInMs) {
      if (job.atStart) tick();
      const interval = setInterval(tick, job.everyMs);
      return () => clearInterval(interval);
    }
    const unwatch = job.watch?.((ms) => {
      if (stopped) return;
      const at = performance.now() + Math.max(0, ms);
      if (running) askedAt = Math.min(askedAt, at);
      else if (at < firesAt) sleep(ms);
    });
    if (job.atStart) tick();
    else sleep(job.everyMs);
    return () => {
      unwatch?.();
      clearTimeout(timer);
    };
  });
  /**
   * Starts no further run and waits for those under way (at most `waitMs`), so that the
   * database is not closed under a job: the server's shutdown calls it before closing it.
   */
  return async (waitMs = 5_000) => {
    stopped = true;
    ends.forEach((end) => end());
    for (const job of jobs) job.stop?.();
    if (inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs).unref())),
    ]);
    clearTimeout(timer);
  };
}
