import type { Logger } from 'pino';
import type { Metrics } from '../lib/metrics.js';

export interface Job {
  name: string;
  everyMs: number;
  /** Run once at once too, not only after the first interval. */
  atStart?: boolean;
  /** Does what is due; answers how many things it did (logged when more than none). */
  run(): Promise<number>;
  /** The scheduler is stopping: a long run under way should end at its next step. */
  stop?(): void;
}

/**
 * Runs each job on its interval, never two runs of one job at once in this process.
 * Jobs themselves take row locks (FOR UPDATE SKIP LOCKED), so several instances may run
 * the same job together without doing any work twice.
 */
export function startScheduler(
  jobs: Job[],
  log: Logger,
  metrics?: Pick<Metrics, 'jobScheduled' | 'jobStarted' | 'jobFinished'>,
) {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const timers = jobs.map((job) => {
    let running = false;
    metrics?.jobScheduled(job.name, job.everyMs);
    const tick = () => {
      if (running || stopped) return;
      running = true;
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
        });
      inFlight.add(run);
    };
    if (job.atStart) tick();
    return setInterval(tick, job.everyMs);
  });
  /**
   * Starts no further run and waits for those under way (at most `waitMs`), so that the
   * database is not closed under a job: the server's shutdown calls it before closing it.
   */
  return async (waitMs = 5_000) => {
    stopped = true;
    timers.forEach(clearInterval);
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
