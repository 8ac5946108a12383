import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../app.js';
import { createTestApp, injectCaller, type TestApp } from '../test/harness.js';
import { adminToken, bid, houseLot, PICTURE, secondInstance, verifiedBidder } from '../test/auction-fixtures.js';
import { lotCloseJob } from './lot-close.js';
import { startScheduler } from './scheduler.js';

let t: TestApp;
let op: string;
let other: Awaited<ReturnType<typeof secondInstance>>;
/** The second instance, as the fixtures call an app. */
let onOther: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
  other = await secondInstance(t, t.clock);
  onOther = { ...t, app: other.app, services: other.services, call: injectCaller(other.app) };
  pool = (t.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(async () => {
  await other.close();
});

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The close job of an instance on the scheduler, as the server runs it; counts its runs and the lots it closed. */
function closeJob(s: Services, opts: { maxSleepMs?: number } = {}) {
  let runs = 0;
  let closed = 0;
  const job = lotCloseJob(
    {
      lotClose: {
        closeDueAndNext: async (limit?: number) => {
          runs += 1;
          const r = await s.lotCloseFlow.closeDueAndNext(limit);
          closed += r.closed;
          return r;
        },
      },
      notices: s.notices,
      clock: s.clock,
    },
    opts,
  );
  const stop = startScheduler([job], silent, s.metrics);
  return { runs: () => runs, closed: () => closed, stop };
}

/** The lot once closed (its end and close time, ms), waiting at most `withinMs` of real time. */
async function closedLot(id: number, withinMs: number) {
  const until = Date.now() + withinMs;
  for (;;) {
    const { rows } = await pool.query<{ ends_at: Date; closed_at: Date | null; status: string }>(
      'SELECT ends_at, closed_at, status FROM lots WHERE id = $1',
      [id],
    );
    const row = rows[0]!;
    if (row.closed_at) return { endsAt: row.ends_at.getTime(), closedAt: row.closed_at.getTime(), status: row.status };
    if (Date.now() > until)
      throw new Error(`lot ${id} still open ${withinMs} ms later (ends ${row.ends_at.toISOString()})`);
    await sleep(25);
  }
}

const endOf = async (id: number) =>
  (await t.call('GET', '/v1/iyd/auction/info', { query: { id } })).data.endsAt as number;

describe('the lot-close job', () => {
  it('sleeps while no lot is due instead of waking four times a second', async () => {
    const job = closeJob(t.services);
    try {
      await sleep(2_600);
      // The run at start (and one when its LISTEN connection came up); every 250 ms it was eleven.
      expect(job.runs()).toBeGreaterThanOrEqual(1);
      expect(job.runs()).toBeLessThanOrEqual(2);
    } finally {
      await job.stop();
    }
  });

  it('closes, at start, a lot that ended while no instance ran the job', async () => {
    const lot = await houseLot(t, op, { endsIn: 200 });
    await sleep(400);
    const job = closeJob(t.services);
    try {
      const c = await closedLot(lot.id, 1_000);
      expect(c.status).toBe('unsold');
    } finally {
      await job.stop();
    }
  });

  // A sleep of a minute at most (five seconds in the server): each lot below would close a
  // minute late if the wake-up it tests did not come.
  it('closes a lot scheduled on another instance within a second of its end: its NOTIFY wakes this one', async () => {
    const job = closeJob(t.services, { maxSleepMs: 60_000 });
    try {
      await sleep(300);
      const runs = job.runs();
      const lot = await houseLot(onOther, op, { endsIn: 1_500 });
      const c = await closedLot(lot.id, 4_000);
      expect(c.closedAt - c.endsAt).toBeLessThan(1_000);
      // Woken for that lot, not polling: a run at its end (and one more if it woke a moment early).
      expect(job.runs() - runs).toBeLessThanOrEqual(2);
    } finally {
      await job.stop();
    }
  });

  it('closes a lot on time when an operator moves its end earlier (a session’s stagger)', async () => {
    const job = closeJob(t.services, { maxSleepMs: 60_000 });
    try {
      const made = await t.call('POST', '/v1/admin/sessions', {
        token: op,
        body: { title: '定时专场', cover: PICTURE, startsAt: t.clock.now(), staggerSeconds: 60 },
      });
      const sessionId = made.data.id as number;
      const first = await houseLot(t, op, { sessionId, endsIn: 1_000 });
      const second = await houseLot(t, op, { sessionId, endsIn: 3_600_000 });
      expect(second.endsAt).toBe(first.endsAt + 60_000);
      const c1 = await closedLot(first.id, 3_000);
      expect(c1.closedAt - c1.endsAt).toBeLessThan(1_000);

      // The job sleeps towards the second lot's end, a minute away; the stagger moves it to 3 s after the first's.
      const changed = await t.call('PUT', `/v1/admin/sessions/${sessionId}`, {
        token: op,
        body: { title: '定时专场', cover: PICTURE, startsAt: made.data.startsAt, staggerSeconds: 3 },
      });
      expect(changed.code).toBe(200);
      expect(await endOf(second.id)).toBe(first.endsAt + 3_000);
      const c2 = await closedLot(second.id, 5_000);
      expect(c2.endsAt).toBe(first.endsAt + 3_000);
      expect(c2.closedAt - c2.endsAt).toBeLessThan(1_000);
    } finally {
      await job.stop();
    }
  });

  it('closes a late bid’s extended lot at its new end, not before, and a moved test clock closes lots at once', async () => {
    const job = closeJob(t.services, { maxSleepMs: 60_000 });
    try {
      const bidder = await verifiedBidder(t);
      const lot = await houseLot(t, op, { endsIn: 1_500 });
      expect((await bid(t, bidder.token, lot.id, 150_000)).code).toBe(200);
      const extended = await endOf(lot.id);
      expect(extended).toBeGreaterThan(lot.endsAt + 60_000);
      // Its old end passes: the job wakes for it and finds it running on.
      await sleep(Math.max(0, lot.endsAt - t.clock.now()) + 500);
      const { rows } = await pool.query<{ closed_at: Date | null }>('SELECT closed_at FROM lots WHERE id = $1', [
        lot.id,
      ]);
      expect(rows[0]!.closed_at).toBeNull();

      // The test clock moves past the new end (the job sleeps towards it, a minute of real time at most).
      t.clock.set(extended + 200);
      const c = await closedLot(lot.id, 1_000);
      expect(c.endsAt).toBe(extended);
      expect(c.status).toBe('sold');
      expect(c.closedAt - c.endsAt).toBeLessThan(1_200);
    } finally {
      await job.stop();
    }
  });

  it('with two instances running it, closes each lot once, on time', async () => {
    const jobs = [closeJob(t.services, { maxSleepMs: 60_000 }), closeJob(other.services, { maxSleepMs: 60_000 })];
    try {
      await sleep(300);
      const lots = [
        await houseLot(t, op, { endsIn: 1_200 }),
        await houseLot(onOther, op, { endsIn: 1_200 }),
        await houseLot(t, op, { endsIn: 1_400 }),
        await houseLot(onOther, op, { endsIn: 1_400 }),
      ];
      for (const lot of lots) {
        const c = await closedLot(lot.id, 4_000);
        expect(c.closedAt - c.endsAt).toBeLessThan(1_000);
      }
      expect(jobs[0]!.closed() + jobs[1]!.closed()).toBe(lots.length);
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
    }
  });
});
