// Backup and restore as the README tells a house to do it (`npm run backup`, then
// scripts/restore.mjs), on a house that keeps serving: members, money, an order paid, lots
// with bids, pictures; bids and deposits go on while the backup runs. The restore into a new
// data folder (or a second PostgreSQL) starts as a house with the same balances, lots, bid
// chains, orders and pictures, the ledger reconciling, and is the house as it was at one
// moment during the backup: nothing acknowledged before it began is missing, nothing sent
// after it ended is there, and what came in meanwhile is there whole or not at all.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { verifyChain, type PublicBid } from '@antique/shared';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { api, ok, png } from './support/http.js';
import { ADMIN_PASSWORD, CAPTCHA, startInstance, type Instance } from './support/instances.js';
import { debianPgBin, has, startCluster, type Cluster } from './support/system.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha256 = async (text: string) => crypto.createHash('sha256').update(text).digest('hex');

const started: Instance[] = [];
const clusters: Cluster[] = [];
const folders: string[] = [];
/** DATA_DIRs with an embedded cluster: one whose server was killed leaves its postmaster running. */
const embedded: string[] = [];

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** Set once the file winds up: a test that timed out but runs on must start nothing more. */
let closing = false;

/** An instance of this file's, started unless the file is winding up. */
async function launch(env: NodeJS.ProcessEnv) {
  if (closing) throw new Error('the file is winding up (a test timed out)');
  // a first start makes the embedded cluster (initdb): slow on a busy machine
  const instance = await startInstance({ RATE_LIMITS: 'off', ...env }, { startMs: 120_000 });
  started.push(instance);
  if (closing) await instance.stop('SIGKILL');
  return instance;
}

/** One of the scripts (backup.mjs, restore.mjs) as an operator runs it. */
function script(name: string, args: string[], env: NodeJS.ProcessEnv) {
  if (closing) throw new Error('the file is winding up (a test timed out)');
  return run(process.execPath, [path.join(root, 'scripts', name), ...args], { env: { ...process.env, ...env } });
}

afterAll(async () => {
  closing = true;
  // SIGTERM first: an instance stops its embedded PostgreSQL on the way out
  for (const instance of started) {
    await Promise.race([instance.stop(), sleep(10_000)]);
    await instance.stop('SIGKILL');
  }
  for (const dir of embedded) await stopLeftPostgres(path.join(dir, 'pg'));
  for (const cluster of clusters) {
    try {
      cluster.stop('immediate');
    } catch {
      /* already stopped */
    }
  }
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** Stops a postmaster left running in `pgDir` (only a postgres working in that folder is signalled). */
async function stopLeftPostgres(pgDir: string) {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (fs.readlinkSync(`/proc/${pid}/cwd`) !== fs.realpathSync(pgDir)) return;
  } catch {
    return; // none left
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && fs.existsSync(`/proc/${pid}`); i++) await sleep(100);
  if (fs.existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
}

/** A valid mainland ID number (GB 11643 check character) for the n-th member. */
function idNumber(n: number): string {
  const body = `11010519${70 + n}0101${String(100 + n).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

/** Uploads a picture through the signed URL a GET oss hands out; returns the URL pages use. */
async function upload(base: string, who: 'iyd' | 'admin', token: string, purpose: string, body: Buffer) {
  const oss = await ok(base, 'GET', `/v1/${who}/oss?purpose=${purpose}`, { token });
  const put = await fetch(new URL(oss.uploadUrl, base), {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...oss.headers },
    body,
  });
  expect(put.status).toBe(200);
  return oss.url as string;
}

async function bytesAt(base: string, url: string) {
  const res = await fetch(new URL(url, base));
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

interface Member {
  phone: string;
  token: string;
  id: number;
  /** When the house answered its sign-up code's send: the SMS cooldown counts from there. */
  codeSentAt: number;
}

/** Everything the house is given before the backup, and the pictures' bytes. */
interface House {
  admin: string;
  members: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', Member>;
  lot1: number;
  lot2: number;
  orderId: number;
  pictures: { url: string; bytes: Buffer }[];
  idCards: Buffer[];
}

async function register(base: string, admin: string, phone: string): Promise<Member> {
  const captcha = await ok(base, 'GET', '/v1/iyd/captcha');
  await ok(base, 'POST', '/v1/iyd/send', {
    body: { phone, scene: 'register', captchaId: captcha.captchaId, captchaCode: CAPTCHA },
  });
  const codeSentAt = Date.now();
  const code = await smsCode(base, admin, phone, 'register');
  const reg = await ok(base, 'POST', '/v1/iyd/member/register', {
    body: { phone, smsCode: code, password: 'backup1234' },
  });
  const info = await ok(base, 'GET', '/v1/iyd/member/info', { token: reg.token });
  return { phone, token: reg.token, id: info.id, codeSentAt };
}

async function smsCode(base: string, admin: string, phone: string, scene: string) {
  const outbox = await ok(base, 'GET', `/v1/admin/sms/outbox?phone=${phone}`, { token: admin });
  const code = /\d{6}/.exec(outbox.list.find((m: { scene: string }) => m.scene === scene)?.content ?? '')?.[0];
  expect(code, `an SMS for ${scene} to ${phone}`).toBeTruthy();
  return code!;
}

/** A house with members, money, an order paid, two live lots with bids and pictures, all through the API. */
async function furnish(base: string): Promise<House> {
  const admin = (await ok(base, 'POST', '/v1/admin/login', { body: { username: 'admin', password: ADMIN_PASSWORD } }))
    .token as string;
  const settings = await ok(base, 'GET', '/v1/admin/settings', { token: admin });
  await ok(base, 'PUT', '/v1/admin/settings', {
    token: admin,
    body: { sms: { ...settings.sms, cooldownSeconds: 10 } },
  });
  const phones = {
    a: '13900000001',
    b: '13900000002',
    c: '13900000003',
    d: '13900000004',
    e: '13900000005',
    f: '13900000006',
  };
  const entries = await Promise.all(
    Object.entries(phones).map(async ([k, phone]) => [k, await register(base, admin, phone)] as const),
  );
  const members = Object.fromEntries(entries) as House['members'];

  const pictures: House['pictures'] = [];
  const picture = async (who: 'iyd' | 'admin', token: string, purpose: string, shade: number) => {
    const bytes = png(24 + shade, [(shade * 23) % 256, 120, 255 - ((shade * 23) % 256)]);
    const url = await upload(base, who, token, purpose, bytes);
    if (purpose !== 'idcard') pictures.push({ url, bytes });
    return { url, bytes };
  };
  const category = await ok(base, 'POST', '/v1/admin/categories', { token: admin, body: { name: '瓷器' } });
  const product = async (title: string, shade: number, body: Record<string, unknown>) => {
    const { url } = await picture('admin', admin, 'product', shade);
    const id = (
      await ok(base, 'POST', '/v1/admin/products', {
        token: admin,
        body: { title, categoryId: category.id, cover: url, images: [url], era: '清', material: '瓷', ...body },
      })
    ).id as number;
    return { id, url };
  };
  // Bidders verify their real name with ID photos (private pictures) and an operator approves.
  const idCards: Buffer[] = [];
  const bidder = async (key: 'a' | 'b' | 'd' | 'e', n: number) => {
    const m = members[key];
    const front = await picture('iyd', m.token, 'idcard', 4 + 2 * n);
    const back = await picture('iyd', m.token, 'idcard', 5 + 2 * n);
    idCards.push(front.bytes, back.bytes);
    await ok(base, 'POST', '/v1/iyd/member/auth', {
      token: m.token,
      body: { realName: '周明远', idNumber: idNumber(n), frontImage: front.url, backImage: back.url },
    });
    await ok(base, 'POST', `/v1/admin/realname/${m.id}/review`, { token: admin, body: { approve: true } });
    await ok(base, 'POST', `/v1/admin/members/${m.id}/deposit`, {
      token: admin,
      body: { amount: 2_000_000, remark: '银行转账入金' },
    });
  };
  const withAvatar = async () => {
    const avatar = await picture('iyd', members.c.token, 'avatar', 3);
    await ok(base, 'POST', '/v1/iyd/member/info', { token: members.c.token, body: { avatar: avatar.url } });
  };
  const [mallPiece, lotPiece1, lotPiece2] = await Promise.all([
    product('清康熙 青花缠枝莲纹盘', 0, { price: 120_000, marketPrice: 150_000, stock: 3, onSale: true }),
    product('清乾隆 粉彩百鹿纹尊', 1, { price: 500_000, marketPrice: 500_000, stock: 1 }),
    product('明宣德 青花鱼藻纹碗', 2, { price: 600_000, marketPrice: 600_000, stock: 1 }),
    ...(['a', 'b', 'd', 'e'] as const).map(bidder),
    withAvatar(),
  ]);

  const now = Date.now();
  const session = await ok(base, 'POST', '/v1/admin/sessions', {
    token: admin,
    body: { title: '备份专场', cover: lotPiece1!.url, startsAt: now },
  });
  const lot = async (productId: number) =>
    (
      await ok(base, 'POST', '/v1/admin/lots', {
        token: admin,
        body: { productId, startPrice: 10_000, startsAt: now, endsAt: now + 3_600_000, sessionId: session.id },
      })
    ).id as number;
  const lot1 = await lot(lotPiece1!.id);
  const lot2 = await lot(lotPiece2!.id);
  for (const [key, maxBid] of [
    ['a', 20_000],
    ['b', 30_000],
    ['a', 60_000],
    ['b', 55_000],
  ] as const) {
    await ok(base, 'POST', '/v1/iyd/auction/match', { token: members[key].token, body: { id: lot1, maxBid } });
  }

  // A pays an order with the trade password (its code waits out the SMS cooldown after sign-up,
  // counted from the sign-up code's answer: six sign-ups at once may send A's well after they began).
  await sleep(Math.max(0, members.a.codeSentAt + 10_500 - Date.now()));
  const captcha = await ok(base, 'GET', '/v1/iyd/captcha');
  await ok(base, 'POST', '/v1/iyd/send', {
    token: members.a.token,
    body: { phone: members.a.phone, scene: 'trade', captchaId: captcha.captchaId, captchaCode: CAPTCHA },
  });
  await ok(base, 'POST', '/v1/iyd/member/password/trade', {
    token: members.a.token,
    body: { smsCode: await smsCode(base, admin, members.a.phone, 'trade'), tradePassword: '135790' },
  });
  const order = await ok(base, 'POST', '/v1/iyd/order/create', {
    token: members.a.token,
    body: { items: [{ productId: mallPiece!.id, quantity: 1 }] },
  });
  expect(
    (
      await ok(base, 'POST', '/v1/iyd/order/confirm', {
        token: members.a.token,
        body: { id: order.id, tradePassword: '135790' },
      })
    ).status,
  ).toBe('paid');
  return { admin, members, lot1, lot2, orderId: order.id, pictures, idCards };
}

/** What the checks compare: wallets, the quiet lot with its chain, the order, A's custody, the ledger. */
async function stateOf(base: string, house: House) {
  const wallets: Record<string, { balance: number; frozen: number }> = {};
  for (const [key, m] of Object.entries(house.members)) {
    const info = await ok(base, 'GET', '/v1/iyd/member/info', { token: m.token });
    wallets[key] = { balance: info.balance, frozen: info.frozen };
  }
  const lot1 = await ok(base, 'GET', `/v1/iyd/auction/info?id=${house.lot1}`);
  const order = await ok(base, 'GET', `/v1/iyd/order/info?id=${house.orderId}`, { token: house.members.a.token });
  const held = await ok(base, 'GET', '/v1/iyd/pick/list?page=1&pageSize=10', { token: house.members.a.token });
  return {
    wallets,
    lot1: {
      status: lot1.status,
      currentPrice: lot1.currentPrice,
      bidCount: lot1.bidCount,
      bids: lot1.bids as PublicBid[],
    },
    order: { status: order.status, amount: order.amount, paidAt: order.paidAt, items: order.items },
    held: held.list.map((h: { id: number; title: string; status: string }) => ({
      id: h.id,
      title: h.title,
      status: h.status,
    })),
  };
}

async function chainOk(lotId: number, bids: PublicBid[]) {
  return verifyChain(
    lotId,
    bids.map((b) => ({ ...b, bidderId: b.bidder })),
    sha256,
  );
}

interface Traffic {
  stop(): Promise<void>;
  /** Bids and deposits with when they were sent and when (if) they were acknowledged. */
  deposits: { amount: number; sentAt: number; ackedAt?: number }[];
  bids: { sentAt: number; ackedAt?: number; seq?: number }[];
  failures: string[];
  reads: number;
}

/**
 * The house keeps serving: D and E outbid each other on lot 2, finance records deposits for F
 * one after another, guests browse. Each write is logged with when it was sent and answered.
 */
function traffic(base: string, house: House): Traffic {
  let running = true;
  const t: Traffic = { deposits: [], bids: [], failures: [], reads: 0, stop: async () => undefined };
  const bids = (async () => {
    let turn = 0;
    while (running) {
      const m = turn++ % 2 === 0 ? house.members.d : house.members.e;
      const lot = await api(base, 'GET', `/v1/iyd/auction/info?id=${house.lot2}`);
      const entry: Traffic['bids'][number] = { sentAt: Date.now() };
      t.bids.push(entry);
      const r = await api(base, 'POST', '/v1/iyd/auction/match', {
        token: m.token,
        body: { id: house.lot2, maxBid: lot.data.nextMinimum },
      });
      if (r.code === 200) Object.assign(entry, { ackedAt: Date.now(), seq: r.data.bidCount });
      else if (r.data?.reason !== 'BID_TOO_LOW') t.failures.push(`bid: ${r.code} ${r.msg}`);
    }
  })();
  const deposits = (async () => {
    for (let i = 1; running; i++) {
      const entry: Traffic['deposits'][number] = { amount: 100 * i, sentAt: Date.now() };
      t.deposits.push(entry);
      const r = await api(base, 'POST', `/v1/admin/members/${house.members.f.id}/deposit`, {
        token: house.admin,
        body: { amount: entry.amount, remark: `入金 ${i}` },
      });
      if (r.code === 200) entry.ackedAt = Date.now();
      else t.failures.push(`deposit: ${r.code} ${r.msg}`);
    }
  })();
  const reads = (async () => {
    while (running) {
      for (const url of [
        '/v1/iyd/product/list?page=1&pageSize=10',
        '/v1/iyd/auction/list?status=live&page=1&pageSize=10',
      ]) {
        const r = await api(base, 'GET', url);
        if (r.code === 200) t.reads++;
        else t.failures.push(`read ${url}: ${r.code} ${r.msg}`);
      }
    }
  })();
  t.stop = async () => {
    running = false;
    await Promise.all([bids, deposits, reads]);
  };
  return t;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = Date.now();
  const result = await work();
  return [result, Date.now() - t0];
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += fs.statSync(path.join(e.parentPath, e.name)).size;
  }
  return total;
}

interface Exercise {
  shape: string;
  /** The house's DATA_DIR or DATABASE_URL (what `npm run backup` is run with). */
  env: NodeJS.ProcessEnv;
  /** The restored house's (what scripts/restore.mjs is run with). */
  restoredEnv: NodeJS.ProcessEnv;
  restoreTarget: string;
  /** Where a second restore may go (an empty database for the external shape). */
  spareEnv: NodeJS.ProcessEnv;
}

/** One shape: furnish, back up under traffic, stop the house, restore, start the restored house, compare. */
async function exercise(opts: Exercise) {
  const mine: Instance[] = [];
  const phases: string[] = [];
  try {
    await steps(opts, mine, phases);
  } catch (e) {
    // how far it got, and what the instances said, for a failure that is theirs (a 500)
    const said = [`${opts.shape}: ${phases.join(', ')}`].concat(
      mine.map((i, n) => `--- instance ${n + 1}:\n${i.output().slice(-4000)}`),
    );
    if (e instanceof Error) e.message += `\n${said.join('\n')}`;
    throw e;
  }
}

async function steps(opts: Exercise, mine: Instance[], phases: string[]) {
  let last = Date.now();
  const phase = (name: string) => {
    phases.push(`${name} ${((Date.now() - last) / 1000).toFixed(1)} s`);
    last = Date.now();
  };
  if (opts.env.DATA_DIR && !opts.env.DATABASE_URL) embedded.push(opts.env.DATA_DIR, opts.restoredEnv.DATA_DIR!);
  const house1 = await launch(opts.env);
  mine.push(house1);
  phase('start');
  const house = await furnish(house1.url);
  phase('furnish');
  const before = await stateOf(house1.url, house);
  expect(before.order.status).toBe('paid');
  expect(before.lot1.bidCount).toBeGreaterThanOrEqual(4);
  expect(before.held).toHaveLength(1);

  const load = traffic(house1.url, house);
  await sleep(1_500);
  const dest = path.join(tempDir('antique-backup-'), 'backup');
  const backupStart = Date.now();
  const [backup, backupMs] = await timed(() => script('backup.mjs', [dest], opts.env));
  const backupEnd = Date.now();
  phase('backup');
  await sleep(1_000);
  await load.stop();
  expect(load.failures).toEqual([]);
  const bidsDuring = load.bids.filter((b) => b.ackedAt && b.ackedAt > backupStart && b.sentAt < backupEnd).length;
  const depositsDuring = load.deposits.filter(
    (d) => d.ackedAt && d.ackedAt > backupStart && d.sentAt < backupEnd,
  ).length;

  // the live house's final lot 2 and F's deposits, to compare the restored moment with
  const lot2Final = (await ok(house1.url, 'GET', `/v1/iyd/auction/info?id=${house.lot2}`)).bids as PublicBid[];
  expect(await house1.stop()).toBe(0);
  phase('stop');

  const [restore, restoreMs] = await timed(() => script('restore.mjs', [dest, opts.restoreTarget], opts.restoredEnv));
  phase('restore');
  const house2 = await launch(opts.restoredEnv);
  mine.push(house2);
  phase('start restored');
  const base = house2.url;
  const after = await stateOf(base, house);

  // what was there before the backup began is there, unchanged (the members' tokens still work)
  const { f: fBefore, d: dBefore, e: eBefore, ...quietBefore } = before.wallets;
  const { f: fAfter, d: dAfter, e: eAfter, ...quietAfter } = after.wallets;
  void [fBefore, dBefore, eBefore, dAfter, eAfter];
  expect(quietAfter).toEqual(quietBefore);
  expect(after.lot1).toEqual(before.lot1);
  expect(after.order).toEqual(before.order);
  expect(after.held).toEqual(before.held);
  expect(await chainOk(house.lot1, after.lot1.bids)).toEqual({ ok: true, length: before.lot1.bids.length });

  // lot 2 is the live lot's history cut at one point: a prefix of it, the chain whole, every
  // bid acknowledged before the backup began there and none sent after it ended
  const lot2 = await ok(base, 'GET', `/v1/iyd/auction/info?id=${house.lot2}`);
  const lot2Bids = lot2.bids as PublicBid[];
  const n = lot2Bids.length;
  expect(lot2Bids).toEqual(lot2Final.slice(lot2Final.length - n));
  expect(await chainOk(house.lot2, lot2Bids)).toEqual({ ok: true, length: n });
  const seqs = (which: (b: Traffic['bids'][number]) => boolean) =>
    Math.max(0, ...load.bids.filter((b) => b.seq && which(b)).map((b) => b.seq!));
  expect(n).toBeGreaterThanOrEqual(seqs((b) => b.ackedAt! < backupStart));
  expect(n).toBeLessThanOrEqual(seqs((b) => b.sentAt < backupEnd));
  expect(lot2.bidCount).toBe(n);
  expect(lot2.currentPrice).toBe(lot2Bids.find((b) => !b.voided && !b.raise)?.amount ?? lot2.currentPrice);

  // F's deposits: the first k of them, k at least those acknowledged before the backup began,
  // at most those sent before it ended
  const bills = await ok(base, 'GET', '/v1/iyd/asset/bill?page=1&pageSize=50', { token: house.members.f.token });
  const k = bills.total as number;
  const expected = load.deposits.slice(0, k).reduce((s, d) => s + d.amount, 0);
  expect(fAfter).toEqual({ balance: expected, frozen: 0 });
  expect(k).toBeGreaterThanOrEqual(load.deposits.filter((d) => d.ackedAt && d.ackedAt < backupStart).length);
  expect(k).toBeLessThanOrEqual(load.deposits.filter((d) => d.sentAt < backupEnd).length);

  // the pictures, served with the same bytes; the ID photos to their reviewer through signed links
  for (const p of house.pictures) expect((await bytesAt(base, p.url)).equals(p.bytes), p.url).toBe(true);
  const reviews = await ok(base, 'GET', '/v1/admin/realname?status=verified&page=1&pageSize=10', {
    token: house.admin,
  });
  const photos: Buffer[] = [];
  for (const row of reviews.list) photos.push(await bytesAt(base, row.frontImage), await bytesAt(base, row.backImage));
  expect(photos.map((b) => b.toString('base64')).sort()).toEqual(house.idCards.map((b) => b.toString('base64')).sort());

  const reconcile = await ok(base, 'GET', '/v1/admin/reconcile', { token: house.admin });
  expect(reconcile).toMatchObject({ ok: true, wallets: 6, mismatches: [] });

  // the restored house takes new business
  const bid = await ok(base, 'POST', '/v1/iyd/auction/match', {
    token: house.members.b.token,
    body: { id: house.lot1, maxBid: after.lot1.currentPrice + 50_000 },
  });
  expect(bid.bidCount).toBeGreaterThan(after.lot1.bidCount);
  phase('checks');

  // refusals: nothing in use is written over, a damaged backup restores nothing
  const refused = async (name: string, args: string[], env: NodeJS.ProcessEnv, says: string) => {
    const r = await script(name, args, env).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(r?.code, `${name} ${args.join(' ')}`).toBe(1);
    expect(r?.stderr).toContain(says);
  };
  await refused('backup.mjs', [dest], opts.env, 'is not empty');
  await refused('restore.mjs', [dest, opts.restoreTarget], opts.restoredEnv, 'not empty');
  const picture = path.join(dest, 'uploads', new URL(house.pictures[0]!.url, base).pathname.replace(/^\/files\//, ''));
  fs.appendFileSync(picture, 'x');
  const elsewhere = path.join(path.dirname(opts.restoreTarget), 'again');
  await refused('restore.mjs', [dest, elsewhere], opts.spareEnv, 'the backup has 1 missing or damaged file: uploads/');
  expect(fs.existsSync(elsewhere)).toBe(false);

  console.log(
    `${opts.shape} (${phases.join(', ')}): backup ${(folderBytes(dest) / 1048576).toFixed(1)} MiB in ${(backupMs / 1000).toFixed(1)} s ` +
      `(while serving: ${bidsDuring} bids and ${depositsDuring} deposits acknowledged during it, ${load.reads} reads, ` +
      `0 failures); restore ${(restoreMs / 1000).toFixed(1)} s; restored moment: lot 2 at ${n} of ${lot2Final.length} ` +
      `bids, F at ${k} of ${load.deposits.length} deposits\n  ${backup.stdout.trim()}\n  ${restore.stdout.trim()}`,
  );
  await house2.stop();
}

// About 40 s each on a quiet 2-core machine; the margin is for one shared with the journeys.
const SLOW = 300_000;

// The two shapes run side by side: each test mostly waits on its own processes.
describe.concurrent('backup and restore', () => {
  it(
    'the embedded shape: a running house backed up under traffic comes back whole in a new DATA_DIR',
    async () => {
      const dataDir = tempDir('antique-house-');
      const restored = path.join(tempDir('antique-restored-'), 'data');
      await exercise({
        shape: 'embedded',
        env: { DATABASE_URL: '', DATA_DIR: dataDir },
        restoredEnv: { DATABASE_URL: '', DATA_DIR: restored },
        restoreTarget: restored,
        spareEnv: { DATABASE_URL: '' },
      });
    },
    SLOW,
  );

  it.skipIf(!has('postgresql', debianPgBin()))(
    'the external shape: pg_dump of the house’s PostgreSQL and its uploads, restored into a second PostgreSQL',
    async () => {
      const bin = debianPgBin()!;
      const [primary, second] = await Promise.all([startCluster(bin), startCluster(bin)]);
      clusters.push(primary, second);
      await createDatabase(primary, 'antique');
      await createDatabase(second, 'antique');
      await createDatabase(second, 'spare');
      const dataDir = tempDir('antique-house-');
      const restored = path.join(tempDir('antique-restored-'), 'data');
      await exercise({
        shape: 'external',
        env: { DATABASE_URL: primary.url('antique'), DATA_DIR: dataDir, PG_BIN: bin },
        restoredEnv: { DATABASE_URL: second.url('antique'), DATA_DIR: restored, PG_BIN: bin },
        restoreTarget: restored,
        spareEnv: { DATABASE_URL: second.url('spare'), PG_BIN: bin },
      });
    },
    SLOW,
  );
});

async function createDatabase(cluster: Cluster, name: string) {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}
