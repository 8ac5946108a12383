import type { LotCloseFlow } from '../flows/lot-close.flow.js';
import type { Clock } from '../lib/clock.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import type { Job } from './scheduler.js';

/** The longest the job sleeps: what a wake-up that never came (a NOTIFY lost, the clock stepped) costs at most. */
export const LOT_CLOSE_MAX_SLEEP_MS = 5_000;
/** How soon it looks again at a lot past its end still open (another worker holds it, a close failed). */
export const LOT_CLOSE_RETRY_MS = 250;

/**
 * Lots close within a second of their end, once each (every lot in its own transaction,
 * locked with SKIP LOCKED and closed by a conditional update, so with several instances a
 * lot still closes once). Between runs the job sleeps until the next open lot's end (at most
 * `LOT_CLOSE_MAX_SLEEP_MS`), and wakes sooner when an end is set before it: by this process
 * (a lot scheduled, a session's stagger changed) at once, by another instance through its
 * NOTIFY (notices' `onLotEnd`), and when the clock is moved (tests). A bid's soft close only
 * moves an end later, so the job finds it when it wakes.
 */
export function lotCloseJob(
  d: {
    lotClose: Pick<LotCloseFlow, 'closeDueAndNext'>;
    notices: Pick<NoticesService, 'onLotEnd'>;
    clock: Clock;
  },
  { maxSleepMs = LOT_CLOSE_MAX_SLEEP_MS, retryMs = LOT_CLOSE_RETRY_MS } = {},
): Job {
  // What the last run found (a lot past its end still open, the next open lot's end), and the
  // earliest end told since (a lot's end told before its transaction commits: the run may not see it).
  let again = true;
  let nextEndsAt: number | undefined;
  let told: number | undefined;
  const nextInMs = () => {
    if (again) return retryMs;
    const next = earliest(nextEndsAt, told);
    return next === undefined ? maxSleepMs : next - d.clock.now();
  };
  return {
    name: 'lot-close',
    everyMs: maxSleepMs,
    atStart: true,
    async run() {
      // A run that fails is tried again soon, as a lot it could not close is.
      again = true;
      if (told !== undefined && told <= d.clock.now()) told = undefined;
      const r = await d.lotClose.closeDueAndNext();
      again = r.again;
      nextEndsAt = r.nextEndsAt;
      return r.closed;
    },
    nextInMs,
    watch(wake) {
      const offEnds = d.notices.onLotEnd((endsAt) => {
        if (endsAt === undefined) return wake(0);
        told = earliest(told, endsAt);
        wake(endsAt - d.clock.now());
      });
      const offClock = d.clock.onMove?.(() => wake(nextInMs()));
      return () => {
        offEnds();
        offClock?.();
      };
    },
  };
}

const earliest = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);
