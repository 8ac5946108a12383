/**
 * What the auction tests (and others that need a lot, a bidder or a second instance) share.
 * A module of its own, not a test file: a test file imported by others runs its tests again in
 * each of them, and not at all when the files share one module graph (isolate: false).
 */
import crypto from 'node:crypto';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/client.js';
import type { MovableClock } from '../lib/clock.js';
import { newPhone, operatorToken, PASSWORD, TEST_PASSWORD_HASH_COST, type TestApp } from './harness.js';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** A resident ID number with a valid check digit (GB 11643). */
export function idNumber(): string {
  const serial = String(crypto.randomInt(0, 1000)).padStart(3, '0');
  const body = `110101${1960 + crypto.randomInt(0, 40)}0${1 + crypto.randomInt(0, 9)}1${crypto.randomInt(0, 10)}${serial}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * WEIGHTS[i]!;
  return body + CHECK[sum % 11]!;
}

export interface Bidder {
  id: number;
  phone: string;
  token: string;
  idNumber: string;
}

/** A member whose real name is verified (as the demo makes them), signed in, with money in the wallet. */
export async function verifiedBidder(t: TestApp, opts: { idNumber?: string; money?: number } = {}): Promise<Bidder> {
  const phone = newPhone();
  const id = opts.idNumber ?? idNumber();
  const at = new Date(t.clock.now());
  const m = await t.services.members.create({
    phone,
    password: PASSWORD,
    nickname: `藏家${phone.slice(-4)}`,
    realName: { name: '张三', idNumber: id, submittedAt: at, reviewedAt: at },
  });
  if (!m) throw new Error('member not created');
  const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
  if (login.code !== 200) throw new Error(`login failed: ${login.msg}`);
  if (opts.money !== 0) await t.services.wallet.deposit(null, m.id, { amount: opts.money ?? 10_000_000 });
  return { id: m.id, phone, token: login.data.token as string, idNumber: id };
}

/** A picture's address in the upload store's shape (`/files/<purpose>/<yyyymm>/<key>`), as lots and sessions need. */
export const PICTURE = `/files/product/202611/${'A'.repeat(22)}`;

const inventoryCategory = new WeakMap<TestApp, Promise<number>>();

/** A piece of the house's inventory kept out of the mall (one unit unless told), to make lots of. */
export async function inventoryPiece(
  t: TestApp,
  over: { title?: string; stock?: number; onSale?: boolean; price?: number; provenance?: string } = {},
) {
  let category = inventoryCategory.get(t);
  if (!category) {
    category = t.services.catalogue
      .createCategory(null, {
        name: `拍品库${crypto.randomBytes(2).toString('hex')}`,
        icon: '',
        parentId: null,
        sort: 0,
      })
      .then((c) => c.id);
    inventoryCategory.set(t, category);
  }
  const price = over.price ?? 200_000;
  return t.services.catalogue.createProduct(null, {
    title: over.title ?? `清 青花瓷瓶 ${crypto.randomBytes(2).toString('hex')}`,
    categoryId: await category,
    cover: PICTURE,
    images: [PICTURE],
    price,
    marketPrice: price,
    stock: over.stock ?? 1,
    description: '<p>旧藏</p>',
    era: '清',
    material: '瓷',
    dimensions: '高 30cm',
    provenance: over.provenance ?? '上海私人旧藏',
    tags: [],
    onSale: over.onSale ?? false,
  });
}

/** A house lot of one unit of the house's inventory, scheduled through the operators' API; live now unless told otherwise. */
export async function houseLot(
  t: TestApp,
  op: string,
  over: {
    productId?: number;
    startPrice?: number;
    reservePrice?: number;
    startsIn?: number;
    endsIn?: number;
    sessionId?: number;
  } = {},
) {
  const now = t.clock.now();
  const productId = over.productId ?? (await inventoryPiece(t)).id;
  const r = await t.call('POST', '/v1/admin/lots', {
    token: op,
    body: {
      productId,
      startPrice: over.startPrice ?? 100_000,
      ...(over.reservePrice !== undefined ? { reservePrice: over.reservePrice } : {}),
      ...(over.sessionId !== undefined ? { sessionId: over.sessionId } : {}),
      startsAt: now + (over.startsIn ?? 0),
      endsAt: now + (over.endsIn ?? 3_600_000),
    },
  });
  if (r.code !== 200) throw new Error(`lot create failed: ${r.code} ${r.msg} ${JSON.stringify(r.data)}`);
  return r.data as { id: number; holdingId: number; endsAt: number; startsAt: number; title: string };
}

export const adminToken = (t: TestApp) => operatorToken(t, 'admin');

/**
 * A second server instance on the same database: its own pool, services and listen connection,
 * its configuration the test app's unless `env` says otherwise. The caller closes it.
 */
export async function secondInstance(
  t: TestApp,
  clock: MovableClock,
  env: Record<string, string> = {},
  { poolSize = 20 } = {},
) {
  const options = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options;
  const { db, pool } = connect(options.connectionString, poolSize);
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMITS: 'off',
    CAPTCHA_TEST_CODE: 'test',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...env,
  });
  const { app, services } = await buildApp({ db, config, clock, logger: false });
  return {
    app,
    services,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

export const bid = (t: TestApp, token: string, id: number, maxBid: number, headers?: Record<string, string>) =>
  t.call('POST', '/v1/iyd/auction/match', { token, body: { id, maxBid }, ...(headers ? { headers } : {}) });
