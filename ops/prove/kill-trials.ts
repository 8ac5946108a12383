// kill -9 trials: members bid, order and pay, finance deposits, members withdraw, as fast as
// the server takes them; the server (and in some trials its PostgreSQL, as when the machine
// loses power) is killed under that load and started again, and every write it acknowledged
// (a 2xx) must be there. Lots end during the trials: each is closed once, and the ledger
// reconciles after every restart.
import crypto from 'node:crypto';
import { api as call, House, ok, type Loose, sleep, TRADE_PASSWORD, type Member } from './house.js';

export interface KillOptions {
  trials: number;
  /** Every n-th trial kills the embedded PostgreSQL too. */
  postgresEvery: number;
  /** How long the load runs before the kill, at random in [min, max] ms. */
  loadMs: [number, number];
  members: number;
  log: (line: string) => void;
}

export interface KillReport {
  trials: number;
  withPostgres: number;
  acknowledged: { bids: number; ordersCreated: number; ordersPaid: number; deposits: number; withdrawals: number };
  lots: number;
  lotsClosed: number;
  /** What was acknowledged and is not there (or a lot closed twice, a ledger off), one line each. */
  lost: string[];
}

interface Acks {
  refused: Map<string, number>;
  bids: { lotId: number; memberId: number; maxBid: number }[];
  ordersCreated: number[];
  ordersPaid: number[];
  deposits: number[];
  withdrawals: number[];
}

const noAcks = (): Acks => ({
  refused: new Map(),
  bids: [],
  ordersCreated: [],
  ordersPaid: [],
  deposits: [],
  withdrawals: [],
});
const pick = <T>(xs: readonly T[]): T => xs[crypto.randomInt(0, xs.length)]!;

/** Runs the trials on a house of its own; the house is closed at the end. */
export async function killTrials(o: KillOptions): Promise<KillReport> {
  // Bursts from one address are the point here; the limits have their own proof (abuse).
  const house = await House.open({ RATE_LIMITS: 'off' });
  const report: KillReport = {
    trials: 0,
    withPostgres: 0,
    acknowledged: { bids: 0, ordersCreated: 0, ordersPaid: 0, deposits: 0, withdrawals: 0 },
    lots: 0,
    lotsClosed: 0,
    lost: [],
  };
  try {
    const settings = await ok(house.url, 'GET', '/v1/admin/settings', { token: house.admin });
    await ok(house.url, 'PUT', '/v1/admin/settings', {
      token: house.admin,
      body: {
        sms: { ...settings.sms, cooldownSeconds: 10 },
        withdraw: { ...settings.withdraw, perDay: 100, minAmount: 100, minFee: 0 },
        maxUnpaidOrders: 20,
        // lots end when they say they do, so that they close while the trials run
        softCloseSeconds: 0,
      },
    });
    const support = (await house.operator('support')).token;
    const members = await house.bidders(o.members, support);
    for (const m of members) await house.deposit(m.id, 100_000_000, 'prove: opening balance');
    const products = [await house.product({ stock: 100_000 }), await house.product({ stock: 100_000 })];
    const lotIds: number[] = [];

    for (let trial = 1; trial <= o.trials; trial++) {
      const withPostgres = trial % o.postgresEvery === 0;
      // two lots a trial, ending during this trial's load, the next one's, or after
      const lots = [await house.lot(3_000 + crypto.randomInt(0, 12_000)), await house.lot(20_000)];
      lotIds.push(...lots.map((l) => l.id));
      const acks = noAcks();
      const live = { on: true };
      const workers = members.map((m) => worker(house, m, members, lots, products, acks, live));
      await sleep(o.loadMs[0] + crypto.randomInt(0, o.loadMs[1] - o.loadMs[0] + 1));
      await house.kill(withPostgres);
      live.on = false;
      await Promise.all(workers);
      // A 500 under load is a bug, not a kill's doing: what the server logged goes with the report.
      if ([...acks.refused.keys()].some((k) => k.endsWith(' INTERNAL'))) {
        const errors = house.instance
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line));
        o.log(`trial ${trial}: the server's errors:\n${errors.join('\n').slice(0, 4_000)}`);
      }
      await sleep(100);
      await house.start();
      for (const m of members) m.token = await house.memberToken(m);

      const lost = await verify(house, acks);
      report.trials += 1;
      if (withPostgres) report.withPostgres += 1;
      for (const k of Object.keys(report.acknowledged) as (keyof KillReport['acknowledged'])[])
        report.acknowledged[k] += acks[k].length;
      report.lost.push(...lost.map((l) => `trial ${trial}: ${l}`));
      o.log(
        `kill -9 trial ${trial}${withPostgres ? ' (with PostgreSQL)' : ''}: ${acks.bids.length} bids, ` +
          `${acks.ordersCreated.length} orders (${acks.ordersPaid.length} paid), ${acks.deposits.length} deposits, ` +
          `${acks.withdrawals.length} withdrawals acknowledged; lost ${lost.length}` +
          (acks.refused.size > 0 ? `; refused: ${[...acks.refused].map(([k, n]) => `${k} ×${n}`).join(', ')}` : ''),
      );
    }

    // every lot ends and is closed once: the winner's one order, nobody else's
    const closed = await closedOnce(house, lotIds);
    report.lots = lotIds.length;
    report.lotsClosed = closed.closed;
    report.lost.push(...closed.problems);
    const rec = await ok(house.url, 'GET', '/v1/admin/reconcile', { token: house.admin });
    if (!rec.ok) report.lost.push(`the ledger does not reconcile at the end: ${JSON.stringify(rec).slice(0, 300)}`);
  } finally {
    await house.close();
  }
  return report;
}

/** One member's stream of writes until the server dies under it. */
async function worker(
  house: House,
  m: Member,
  members: Member[],
  lots: { id: number }[],
  products: { id: number }[],
  acks: Acks,
  live: { on: boolean },
) {
  const url = house.url;
  const admin = house.admin;
  const price = new Map<number, number>();
  // every answer but a 2xx is counted by reason, to show what the load ran into
  const api = async (...args: Parameters<typeof call>) => {
    const a = await call(...args);
    if (a.code !== 200) {
      const what = `${args[2].replace(/\?.*/, '')} ${a.data?.reason ?? a.code}`;
      acks.refused.set(what, (acks.refused.get(what) ?? 0) + 1);
    }
    return a;
  };
  while (live.on) {
    try {
      const r = crypto.randomInt(0, 100);
      if (r < 50) {
        const lot = pick(lots);
        const maxBid = (price.get(lot.id) ?? 10_000) + 1_000 * crypto.randomInt(1, 8);
        const a = await api(url, 'POST', '/v1/iyd/auction/match', {
          token: m.token,
          body: { id: lot.id, maxBid },
          headers: { 'idempotency-key': crypto.randomUUID() },
        });
        if (a.code === 200) {
          acks.bids.push({ lotId: lot.id, memberId: m.id, maxBid });
          price.set(lot.id, Math.max(maxBid, a.data.currentPrice));
        } else if (a.data?.reason !== 'LOT_ENDED') {
          const info = await api(url, 'GET', `/v1/iyd/auction/info?id=${lot.id}`);
          if (info.code === 200) price.set(lot.id, info.data.currentPrice);
        }
      } else if (r < 75) {
        // an unpaid order (a lot won) is paid first; otherwise one from the mall, then paid
        const pending = await api(url, 'GET', '/v1/iyd/order/list?status=pending&pageSize=1', { token: m.token });
        let id: number | undefined = pending.data?.list?.[0]?.id;
        if (id === undefined) {
          const made = await api(url, 'POST', '/v1/iyd/order/create', {
            token: m.token,
            body: { items: [{ productId: pick(products).id, quantity: 1 }] },
          });
          if (made.code !== 200) continue;
          id = made.data.id as number;
          acks.ordersCreated.push(id);
        }
        const paid = await api(url, 'POST', '/v1/iyd/order/confirm', {
          token: m.token,
          body: { id, tradePassword: TRADE_PASSWORD },
        });
        if (paid.code === 200) acks.ordersPaid.push(id);
      } else if (r < 90) {
        const to = pick(members);
        const d = await api(url, 'POST', `/v1/admin/members/${to.id}/deposit`, {
          token: admin,
          body: { amount: 100 * crypto.randomInt(1, 1000), remark: `prove ${crypto.randomUUID()}` },
        });
        if (d.code === 200) acks.deposits.push(d.data.id as number);
      } else {
        const w = await api(url, 'POST', '/v1/iyd/asset/withdraw', {
          token: m.token,
          body: {
            amount: 100 * crypto.randomInt(1, 100),
            method: 'bank',
            accountName: '张三',
            accountNo: '6222020200112233445',
            bankName: '中国工商银行',
            tradePassword: TRADE_PASSWORD,
          },
        });
        if (w.code === 200) acks.withdrawals.push(w.data.id as number);
      }
    } catch (e) {
      // The connection died with the server: what was in flight was never acknowledged. Before
      // the answer's head, fetch fails ("fetch failed"); after it, reading the body does
      // ("terminated", the socket closed): the client never read the code either way.
      if (e instanceof TypeError && /^(fetch failed|terminated)$/.test(e.message)) return;
      throw e;
    }
  }
}

/** Pages of an operators' list, all of them. */
async function everything<T>(house: House, url: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const r = await ok<{ list: T[]; hasMore: boolean }>(
      house.url,
      'GET',
      `${url}${url.includes('?') ? '&' : '?'}page=${page}&pageSize=50`,
      { token: house.admin },
    );
    out.push(...r.list);
    if (!r.hasMore || r.list.length === 0) return out;
  }
}

/** What of the acknowledged writes is missing after the restart, and whether the ledger reconciles. */
async function verify(house: House, acks: Acks): Promise<string[]> {
  const lost: string[] = [];
  const base = house.url;
  const token = house.admin;

  const lotIds = [...new Set(acks.bids.map((b) => b.lotId))];
  for (const lotId of lotIds) {
    const lot = await ok<{ bids: { memberId: number; maxBid?: number }[] }>(base, 'GET', `/v1/admin/lots/${lotId}`, {
      token,
    });
    const rows = new Set(lot.bids.map((b) => `${b.memberId}:${b.maxBid}`));
    for (const b of acks.bids.filter((x) => x.lotId === lotId))
      if (!rows.has(`${b.memberId}:${b.maxBid}`))
        lost.push(`bid of member ${b.memberId} on lot ${lotId} at ${b.maxBid}`);
  }

  const paid = new Set(acks.ordersPaid);
  for (const id of new Set([...acks.ordersCreated, ...acks.ordersPaid])) {
    const r = await call(base, 'GET', `/v1/admin/orders/${id}`, { token });
    if (r.code !== 200) lost.push(`order ${id}: ${r.code} ${r.msg}`);
    else if (paid.has(id) && r.data.status !== 'paid') lost.push(`order ${id} paid, now ${r.data.status}`);
  }

  if (acks.deposits.length > 0) {
    const ids = new Set((await everything<{ id: number }>(house, '/v1/admin/ledger?type=deposit')).map((e) => e.id));
    for (const id of acks.deposits) if (!ids.has(id)) lost.push(`deposit (ledger entry ${id})`);
  }
  if (acks.withdrawals.length > 0) {
    const ids = new Set((await everything<{ id: number }>(house, '/v1/admin/withdrawals')).map((w) => w.id));
    const freezes = await everything<{ refId: number | null }>(house, '/v1/admin/ledger?type=withdraw_freeze');
    const frozen = new Set(freezes.map((e) => e.refId));
    for (const id of acks.withdrawals) {
      if (!ids.has(id)) lost.push(`withdrawal ${id}`);
      else if (!frozen.has(id)) lost.push(`withdrawal ${id}: no withdraw_freeze entry in the ledger`);
    }
  }

  const rec = await ok<{ ok: boolean }>(base, 'GET', '/v1/admin/reconcile', { token });
  if (!rec.ok) lost.push(`the ledger does not reconcile: ${JSON.stringify(rec).slice(0, 300)}`);
  return lost;
}

/** Waits for every lot to end and checks that each closed once: a sold lot has one order, its winner's. */
async function closedOnce(house: House, lotIds: number[]) {
  const problems: string[] = [];
  let closed = 0;
  const until = Date.now() + 90_000;
  const lots = new Map<number, Loose>();
  for (const id of lotIds) {
    for (;;) {
      const lot = await ok(house.url, 'GET', `/v1/admin/lots/${id}`, { token: house.admin });
      if (lot.closedAt || Date.now() > until) {
        lots.set(id, lot);
        break;
      }
      await sleep(500);
    }
  }
  const auctionOrders = await everything<{ id: number; items: { holdingId?: number }[] }>(
    house,
    '/v1/admin/orders?source=auction',
  );
  for (const [id, lot] of lots) {
    if (!lot.closedAt) {
      problems.push(`lot ${id} never closed (ends ${new Date(lot.endsAt).toISOString()})`);
      continue;
    }
    closed += 1;
    const orders = auctionOrders.filter((o) => o.items.some((i) => i.holdingId === lot.holdingId));
    const want = lot.winnerId ? 1 : 0;
    if (orders.length !== want)
      problems.push(`lot ${id} (winner ${lot.winnerId ?? 'none'}) has ${orders.length} auction orders`);
    else if (lot.winnerId && lot.orderId !== orders[0]!.id)
      problems.push(`lot ${id} names order ${lot.orderId}, the order of its piece is ${orders[0]!.id}`);
  }
  return { closed, problems };
}
