import { retryOnDeadlock } from '../lib/pg-errors.js';

/** One batch's outcome: an answer or a refusal a job, in order, and what to do before the answers go out. */
export interface BatchOutcome<A> {
  answers: (A | Error)[];
  /** Runs after the batch committed, before its callers get their answers; never holds up the next batch. */
  after?: () => Promise<void>;
}

interface Waiting<J, A> {
  job: J;
  resolve(answer: A): void;
  reject(error: unknown): void;
}

/**
 * Jobs waiting for their lot, decided in batches (decision 008, "One bid"). One batch a lot
 * runs at a time in this process; whatever arrives meanwhile goes in the next (at most
 * `max`), so a quiet lot decides each job alone and a hot lot many per transaction.
 */
export function createBatchQueue<J, A>(opts: { max: number; run(lotId: number, jobs: J[]): Promise<BatchOutcome<A>> }) {
  const queues = new Map<number, Waiting<J, A>[]>();

  async function drain(lotId: number) {
    for (;;) {
      const queue = queues.get(lotId)!;
      if (queue.length === 0) {
        queues.delete(lotId);
        return;
      }
      const batch = queue.splice(0, opts.max);
      let outcome: BatchOutcome<A>;
      try {
        outcome = await retryOnDeadlock(() =>
          opts.run(
            lotId,
            batch.map((w) => w.job),
          ),
        );
      } catch (e) {
        for (const w of batch) w.reject(e);
        continue;
      }
      const answer = () =>
        batch.forEach((w, i) => {
          const a = outcome.answers[i]!;
          if (a instanceof Error) w.reject(a);
          else w.resolve(a);
        });
      void (outcome.after ? outcome.after().catch(() => undefined) : Promise.resolve()).then(answer);
    }
  }

  return {
    /** Puts a job in its lot's queue; resolves with its answer once its batch committed. */
    add(lotId: number, job: J): Promise<A> {
      return new Promise<A>((resolve, reject) => {
        const waiting = { job, resolve, reject };
        const queue = queues.get(lotId);
        if (queue) queue.push(waiting);
        else {
          queues.set(lotId, [waiting]);
          void drain(lotId);
        }
      });
    },
  };
}
