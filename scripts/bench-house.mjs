// The pieces the scale benches share (scripts/bench-scale.mjs, scripts/bench-streams.mjs):
// verified, funded bidders signed in, a house lot made through the console's API, a bid over
// one kept-alive socket, and a lot's bid log replayed through the shared rules.
import crypto from 'node:crypto';
import http from 'node:http';
import { DEFAULT_AUCTION_RULES, initialBidState, placeBid, verifyChain } from '@antique/shared';

export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

/**
 * `n` members with a verified identity and the demo member's password (phones 139…, after
 * `from`), each funded with 10,000,000 yuan through the console and signed in: their tokens.
 */
export async function fundedBidders(bench, client, admin, n, from = 0) {
  const { rows } = await client.query("SELECT password_hash FROM members WHERE phone = '13800000001'");
  const hash = rows[0].password_hash;
  const now = new Date();
  const values = [];
  const params = [];
  for (let i = from; i < from + n; i++) {
    const row = [
      `139${String(10_000_000 + i).slice(-8)}`,
      hash,
      `竞买人${i}`,
      `B${String(i).padStart(7, '0')}`,
      `测试${i}`,
      `11010119900101${String(1000 + i).slice(-4)}`,
      now,
    ];
    const p = params.length;
    values.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, 'verified', $${p + 5}, $${p + 6}, $${p + 7})`);
    params.push(...row);
  }
  const { rows: made } = await client.query(
    `INSERT INTO members (phone, password_hash, nickname, invite_code, real_name_status, real_name, id_number, created_at)
     VALUES ${values.join(',')} RETURNING id, phone`,
    params,
  );
  await pool(made, 10, async (b) => {
    const r = await bench.call(
      'POST',
      `/v1/admin/members/${b.id}/deposit`,
      { amount: 1_000_000_000, remark: '压测入账' },
      admin,
    );
    if (r.code !== 200) throw new Error(`deposit: ${r.msg}`);
  });
  const tokens = [];
  await pool(made, 4, async (b) => {
    const r = await bench.call('POST', '/v1/iyd/member/login', { phone: b.phone, password: 'demo1234' });
    if (r.code !== 200) throw new Error(`login: ${r.msg}`);
    tokens.push(r.data.token);
  });
  return tokens;
}

/** A house lot of a piece of inventory made for the run (a lot is always one unit of a product). */
export async function houseLot(bench, admin, cover, minutes) {
  const now = Date.now();
  const categoryId = (await bench.call('GET', '/v1/iyd/category/list')).data[0].id;
  const piece = await bench.call(
    'POST',
    '/v1/admin/products',
    {
      title: `压测拍品 ${new Date(now).toISOString().slice(11, 19)}`,
      categoryId,
      cover,
      images: [cover],
      price: 100_000,
      marketPrice: 100_000,
      stock: 1,
      description: '<p>压测用拍品</p>',
      era: '',
      material: '',
      dimensions: '',
      provenance: '',
      tags: [],
      onSale: false,
    },
    admin,
  );
  if (piece.code !== 200) throw new Error(`piece not created: ${piece.msg}`);
  const r = await bench.call(
    'POST',
    '/v1/admin/lots',
    { productId: piece.data.id, startPrice: 10_000, startsAt: now, endsAt: now + minutes * 60_000 },
    admin,
  );
  if (r.code !== 200) throw new Error(`lot not created: ${r.msg}`);
  return r.data;
}

/**
 * A bid over node:http with one kept-alive socket a bidder: the load generator shares the
 * box's two cores with the server and PostgreSQL, so it must cost as little as it can.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
export function postBid(base, token, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/v1/iyd/auction/match`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const sha256 = async (text) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * A lot's bids replayed through the shared rules (the lot's own snapshot of them): whether
 * every bid's price and shown amount are what the rules give, the replay ends where the lot
 * stands, the hash chain verifies, and each price step is one the increments allow.
 */
export async function replay(client, lotId) {
  const { rows: lots } = await client.query('SELECT * FROM lots WHERE id = $1', [lotId]);
  const lot = lots[0];
  const rules = { ...DEFAULT_AUCTION_RULES, ...lot.rules };
  const spec = {
    startPrice: Number(lot.start_price),
    reserve: lot.reserve_price === null ? null : Number(lot.reserve_price),
    startsAt: lot.starts_at.getTime(),
    plannedEnd: lot.planned_end.getTime(),
    consignor: lot.consignor_key,
  };
  const { rows: bids } = await client.query('SELECT * FROM bids WHERE lot_id = $1 ORDER BY seq', [lotId]);
  let state = initialBidState(spec);
  const standing = new Map();
  let mismatches = 0;
  let fell = 0;
  let previous = Number(lot.start_price);
  for (const b of bids) {
    const out = placeBid(
      spec,
      state,
      standing.get(b.bidder_key) ?? null,
      { bidder: b.bidder_key, maxBid: Number(b.max_bid), at: b.at.getTime() },
      rules,
    );
    if (!out.accepted || out.currentPrice !== Number(b.price_after) || out.publicAmount !== Number(b.amount))
      mismatches++;
    if (Number(b.price_after) < previous) fell++;
    previous = Number(b.price_after);
    if (out.accepted) {
      state = out.state;
      standing.set(b.bidder_key, out.mine);
    }
  }
  const chain = await verifyChain(
    lotId,
    bids.map((b) => ({
      seq: b.seq,
      bidderId: b.bidder_public,
      amount: Number(b.amount),
      at: b.at.getTime(),
      prevHash: b.prev_hash,
      hash: b.hash,
    })),
    sha256,
  );
  return {
    bids: bids.length,
    mismatches,
    fell,
    chain,
    same:
      state.currentPrice === Number(lot.current_price) &&
      state.bidCount === lot.bid_count &&
      (state.leader?.bidder ?? null) === lot.leader_key &&
      (state.leader?.maxBid ?? null) === (lot.leader_max_bid === null ? null : Number(lot.leader_max_bid)),
  };
}
