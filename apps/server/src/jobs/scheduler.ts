import type { Logger } from 'pino';

export interface Job {
  name: string;
  everyMs: number;
  /** Run once at once too, not only after the first interval. */
  atStart?: boolean;
  /** Does what is due; answers how many things it did (logged when more than none). */
  run(): Promise<number>;
}

/**
 * Runs each job on its interval, never two runs of one job at once in this process.
 * Jobs themselves take row locks (FOR UPDATE SKIP LOCKED), so several instances may run
 * the same job together without doing any work twice.
 */
export function startScheduler(jobs: Job[], log: Logger) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      job
        .run()
        .then((n) => {
          if (n > 0) log.info({ job: job.name, n }, 'job did work');
        })
        .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => {
          running = false;
        });
    };
    if (job.atStart) tick();
    return setInterval(tick, job.everyMs);
  });
  return () => timers.forEach(clearInterval);
}
