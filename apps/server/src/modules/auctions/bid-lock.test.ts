import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bid, houseLot, secondInstance, verifiedBidder } from '../../test/auction-fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await adminToken(t);
});

const databaseUrl = () =>
  (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

describe('a batch that waited for the lot’s lock', () => {
  it('decides with what the batch it waited for wrote: a bidder raising their max on the other instance pays one deposit', async () => {
    const second = await secondInstance(t, t.clock);
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const x = await verifiedBidder(t, { money: 1_000_000 });
    const watcher = new pg.Client({ connectionString: databaseUrl() });
    await watcher.connect();
    try {
      // The second instance's batch (X's first bid) writes, then stays open before its commit.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const record = second.services.auctions.recordBids;
      second.services.auctions.recordBids = async (...args: Parameters<typeof record>) => {
        await record(...args);
        written();
        await gate;
      };
      const first = second.app.inject({
        method: 'POST',
        url: '/v1/iyd/auction/match',
        headers: { authorization: `Bearer ${x.token}` },
        payload: { id: lot.id, maxBid: 150_000 },
      });
      await wrote;
      // X raises their max through this instance: its batch waits for the lot's lock.
      const raised = bid(t, x.token, lot.id, 300_000);
      for (let i = 0; i < 200; i++) {
        const { rows } = await watcher.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      release();
      expect((await first).json().code).toBe(200);
      const answer = await raised;
      expect(answer.code).toBe(200);
      expect(answer.data.myMaxBid).toBe(300_000);

      const { rows: standings } = await watcher.query<{ max_bid: string; deposit: string }>(
        'SELECT max_bid, deposit FROM lot_bidders WHERE lot_id = $1',
        [lot.id],
      );
      expect(standings.map((s) => Number(s.max_bid))).toEqual([300_000]);
      const deposit = Number(standings[0]!.deposit);
      expect(deposit).toBeGreaterThan(0);
      expect(await t.services.wallet.summary(x.id)).toEqual({ balance: 1_000_000 - deposit, frozen: deposit });
      const { rows: chain } = await watcher.query<{ seq: number }>(
        'SELECT seq FROM bids WHERE lot_id = $1 ORDER BY seq',
        [lot.id],
      );
      expect(chain.map((b) => b.seq)).toEqual([1, 2]);
    } finally {
      await watcher.end();
      await second.close();
    }
  });
});
