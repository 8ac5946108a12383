// Reads on a streaming replica (DATABASE_REPLICA_URL), as a house runs it: Debian's PostgreSQL
// as the primary, a hot standby made from it with pg_basebackup -R streaming from it, and the
// built server on both. The house works; guests' catalogue, lot and news reads are answered by
// the replica (seen by pausing its replay: they lag, a member's own data does not, and past
// REPLICA_MAX_LAG_MS they come from the primary); they are answered while the primary's
// connections are all taken; and stopping the replica (immediate) fails no request.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, png } from './support/http.js';
import { ADMIN_PASSWORD, CAPTCHA, startInstance, type Instance } from './support/instances.js';
import {
  asPostgres,
  clusterAt,
  CLUSTER_PASSWORD,
  debianPgBin,
  freePort,
  has,
  postgresDir,
  startCluster,
  type Cluster,
} from './support/system.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bin = debianPgBin();
const MAX_LAG_MS = 4_000;

async function upload(base: string, who: 'iyd' | 'admin', token: string, purpose: string, shade: number) {
  const oss = await ok(base, 'GET', `/v1/${who}/oss?purpose=${purpose}`, { token });
  const put = await fetch(new URL(oss.uploadUrl, base), {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...oss.headers },
    body: png(24 + shade, [shade * 30, 120, 255 - shade * 30]),
  });
  expect(put.status).toBe(200);
  return oss.url as string;
}

/** pg_ctl stop without blocking this process, so that requests are in flight while the replica goes. */
function stopAsync(dataDir: string, mode: 'immediate' | 'fast') {
  const pgCtl = path.join(bin!, 'pg_ctl');
  const args = ['-D', dataDir, '-m', mode, '-w', 'stop'];
  const root = process.getuid?.() === 0;
  return new Promise<void>((resolve, reject) =>
    execFile(root ? 'runuser' : pgCtl, root ? ['-u', 'postgres', '--', pgCtl, ...args] : args, (e) =>
      e ? reject(e) : resolve(),
    ),
  );
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe.skipIf(!has('postgresql', bin))('reads on a streaming replica', () => {
  let primary: Cluster;
  let replica: Cluster | undefined;
  let server: Instance;
  let base: string;
  let onPrimary: pg.Client;
  let onReplica: pg.Client;
  const folders: string[] = [];
  const house = {
    admin: '',
    member: { phone: '13700000001', token: '', id: 0 },
    mallPiece: 0,
    busyPiece: 0,
    lot: 0,
    news: 0,
  };

  /** What the replica itself holds (not through the server). */
  const replicaTitle = async (id: number) =>
    (await onReplica.query<{ title: string }>('SELECT title FROM products WHERE id = $1', [id])).rows[0]?.title;
  const guestTitle = async (id: number) => (await ok(base, 'GET', `/v1/iyd/product/info?id=${id}`)).title as string;
  const guestListTitle = async (id: number) =>
    ((await ok(base, 'GET', '/v1/iyd/product/list?page=1&pageSize=20')).list as { id: number; title: string }[]).find(
      (p) => p.id === id,
    )?.title;
  const rename = (id: number, title: string) =>
    api(base, 'GET', `/v1/admin/products/${id}`, { token: house.admin }).then((r) =>
      ok(base, 'PUT', `/v1/admin/products/${id}`, { token: house.admin, body: { ...r.data, title } }),
    );

  beforeAll(async () => {
    primary = await startCluster(bin!, { wal_level: 'replica', max_wal_senders: '5' });
    folders.push(path.dirname(primary.dataDir));
    onPrimary = new pg.Client({ connectionString: primary.url() });
    await onPrimary.connect();
    await onPrimary.query('CREATE DATABASE house');
    await onPrimary.end();

    // The standby: a base backup of the primary that keeps streaming from it (-R writes primary_conninfo).
    const dataDir = path.join(postgresDir('ops-replica-'), 'data');
    folders.push(path.dirname(dataDir));
    asPostgres(
      path.join(bin!, 'pg_basebackup'),
      [
        '-D',
        dataDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        'postgres',
      ],
      { env: { PGPASSWORD: CLUSTER_PASSWORD } },
    );
    replica = clusterAt(bin!, dataDir, await freePort(), { hot_standby: 'on' });
    onReplica = new pg.Client({ connectionString: replica.url('house') });
    // the replica is stopped under it in the last test
    onReplica.on('error', () => undefined);
    await onReplica.connect();
    expect((await onReplica.query('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(true);

    server = await startInstance({
      DATABASE_URL: primary.url('house'),
      DATABASE_REPLICA_URL: replica.url('house'),
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      RATE_LIMITS: 'off',
    });
    base = server.url;
    onPrimary = new pg.Client({ connectionString: primary.url('house') });
    await onPrimary.connect();
  });

  afterAll(async () => {
    await onPrimary?.end().catch(() => undefined);
    await onReplica?.end().catch(() => undefined);
    await Promise.race([server?.stop(), sleep(10_000)]);
    await server?.stop('SIGKILL');
    for (const c of [replica, primary]) {
      try {
        c?.stop('immediate');
      } catch {
        /* already stopped */
      }
    }
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs the house: a member registers, browses the catalogue and the lots, and bids', async () => {
    house.admin = (
      await ok(base, 'POST', '/v1/admin/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })
    ).token;
    const admin = house.admin;
    const category = await ok(base, 'POST', '/v1/admin/categories', { token: admin, body: { name: '瓷器' } });
    const product = async (title: string, shade: number, body: Record<string, unknown>) => {
      const url = await upload(base, 'admin', admin, 'product', shade);
      return (
        await ok(base, 'POST', '/v1/admin/products', {
          token: admin,
          body: { title, categoryId: category.id, cover: url, images: [url], era: '清', material: '瓷', ...body },
        })
      ).id as number;
    };
    const sale = { price: 120_000, marketPrice: 150_000, stock: 3, onSale: true };
    house.mallPiece = await product('清康熙 青花缠枝莲纹盘', 1, sale);
    house.busyPiece = await product('清雍正 粉彩蝠桃纹碗', 2, sale);
    const lotPiece = await product('清乾隆 粉彩百鹿纹尊', 3, { price: 500_000, marketPrice: 500_000, stock: 1 });
    house.news = (
      await ok(base, 'POST', '/v1/admin/news', {
        token: admin,
        body: { title: '秋季拍卖会预展', content: '<p>预展于本周六开放</p>', published: true },
      })
    ).id;
    const session = await ok(base, 'POST', '/v1/admin/sessions', {
      token: admin,
      body: { title: '秋季专场', cover: await upload(base, 'admin', admin, 'product', 4), startsAt: Date.now() },
    });
    house.lot = (
      await ok(base, 'POST', '/v1/admin/lots', {
        token: admin,
        body: {
          productId: lotPiece,
          startPrice: 10_000,
          startsAt: Date.now(),
          endsAt: Date.now() + 3_600_000,
          sessionId: session.id,
        },
      })
    ).id;

    // A member registers, verifies their real name (an operator approves) and is given money.
    const m = house.member;
    const captcha = await ok(base, 'GET', '/v1/iyd/captcha');
    await ok(base, 'POST', '/v1/iyd/send', {
      body: { phone: m.phone, scene: 'register', captchaId: captcha.captchaId, captchaCode: CAPTCHA },
    });
    const outbox = await ok(base, 'GET', `/v1/admin/sms/outbox?phone=${m.phone}`, { token: admin });
    const code = /\d{6}/.exec(outbox.list[0]?.content ?? '')?.[0];
    m.token = (
      await ok(base, 'POST', '/v1/iyd/member/register', {
        body: { phone: m.phone, smsCode: code, password: 'replica1234' },
      })
    ).token;
    m.id = (await ok(base, 'GET', '/v1/iyd/member/info', { token: m.token })).id;
    const front = await upload(base, 'iyd', m.token, 'idcard', 5);
    const back = await upload(base, 'iyd', m.token, 'idcard', 6);
    await ok(base, 'POST', '/v1/iyd/member/auth', {
      token: m.token,
      body: { realName: '周明远', idNumber: '11010519491231002X', frontImage: front, backImage: back },
    });
    await ok(base, 'POST', `/v1/admin/realname/${m.id}/review`, { token: admin, body: { approve: true } });
    await ok(base, 'POST', `/v1/admin/members/${m.id}/deposit`, {
      token: admin,
      body: { amount: 2_000_000, remark: '银行转账入金' },
    });

    // Guests browse: the catalogue, a product page, the lots, a lot's page, the news.
    await until('the replica to have the new rows', async () => (await replicaTitle(lotPiece)) ?? undefined);
    expect(await guestListTitle(house.mallPiece)).toBe('清康熙 青花缠枝莲纹盘');
    expect(await guestTitle(house.mallPiece)).toBe('清康熙 青花缠枝莲纹盘');
    const lots = await ok(base, 'GET', '/v1/iyd/auction/list?status=live&page=1&pageSize=10');
    expect(lots.list.map((l: { id: number }) => l.id)).toEqual([house.lot]);
    expect((await ok(base, 'GET', `/v1/iyd/auction/info?id=${house.lot}`)).title).toBe('清乾隆 粉彩百鹿纹尊');
    expect((await ok(base, 'GET', '/v1/iyd/news/list?page=1&pageSize=10')).list[0].title).toBe('秋季拍卖会预展');

    // The member bids and sees their own standing at once.
    const bid = await ok(base, 'POST', '/v1/iyd/auction/match', {
      token: m.token,
      body: { id: house.lot, maxBid: 20_000 },
    });
    expect(bid).toBeTruthy();
    const mine = await ok(base, 'GET', `/v1/iyd/auction/info?id=${house.lot}`, { token: m.token });
    expect(mine).toMatchObject({ myMaxBid: 20_000, leading: true, bidCount: 1 });

    // The server's read pool is on the replica and has read the public tables there.
    const seen = await onReplica.query<{ query: string }>(
      "SELECT query FROM pg_stat_activity WHERE application_name = 'antique-house-reads' AND datname = 'house'",
    );
    const read = seen.rows.map((r) => r.query).join('\n');
    expect(seen.rows.length).toBeGreaterThan(0);
    expect(read).toMatch(/from "products"|from "lots"|from "articles"/);
  });

  it('guests read the replica (paused, their list lags) while a member’s own data is the primary’s; past the limit the primary answers', async () => {
    const m = house.member;
    await onReplica.query('SELECT pg_wal_replay_pause()');
    await until('replay to pause', async () =>
      (await onReplica.query('SELECT pg_is_wal_replay_paused() AS p')).rows[0].p ? true : undefined,
    );
    const editedAt = Date.now();
    await rename(house.mallPiece, '清康熙 青花缠枝莲纹盘 一对');
    // Guests are answered by the paused replica: the old title, in the list and on the page.
    expect(await guestTitle(house.mallPiece)).toBe('清康熙 青花缠枝莲纹盘');
    expect(await guestListTitle(house.mallPiece)).toBe('清康熙 青花缠枝莲纹盘');
    expect(Date.now() - editedAt).toBeLessThan(MAX_LAG_MS);
    const collected = await ok(base, 'POST', '/v1/iyd/product/collect', {
      token: m.token,
      body: { id: house.mallPiece, collected: true },
    });
    expect(collected.collected).toBe(true);
    // The member who just wrote, and their own collection, read the primary.
    expect((await ok(base, 'GET', `/v1/iyd/product/info?id=${house.mallPiece}`, { token: m.token })).title).toBe(
      '清康熙 青花缠枝莲纹盘 一对',
    );
    const own = await ok(base, 'GET', '/v1/iyd/product/list?page=1&pageSize=10&collected=1', { token: m.token });
    expect(own.list.map((p: { title: string }) => p.title)).toEqual(['清康熙 青花缠枝莲纹盘 一对']);

    // Once the replica is more than REPLICA_MAX_LAG_MS behind, guests read the primary, while it is still paused.
    const fresh = await until('guests to read the primary', async () =>
      (await guestTitle(house.mallPiece)) === '清康熙 青花缠枝莲纹盘 一对' ? Date.now() : undefined,
    );
    expect(fresh - editedAt).toBeGreaterThanOrEqual(MAX_LAG_MS);
    expect(await replicaTitle(house.mallPiece)).toBe('清康熙 青花缠枝莲纹盘');
    expect(await guestListTitle(house.mallPiece)).toBe('清康熙 青花缠枝莲纹盘 一对');

    // Replay resumes, the replica catches up, and guests are back on it (seen by a short pause again).
    await onReplica.query('SELECT pg_wal_replay_resume()');
    await until('the replica to catch up', async () =>
      (await replicaTitle(house.mallPiece)) === '清康熙 青花缠枝莲纹盘 一对' ? true : undefined,
    );
    await sleep(1_000); // a check or two of the server
    await onReplica.query('SELECT pg_wal_replay_pause()');
    await until('replay to pause', async () =>
      (await onReplica.query('SELECT pg_is_wal_replay_paused() AS p')).rows[0].p ? true : undefined,
    );
    await onPrimary.query("UPDATE products SET title = '清康熙 青花缠枝莲纹盘（改）' WHERE id = $1", [house.mallPiece]);
    expect(await guestTitle(house.mallPiece)).toBe('清康熙 青花缠枝莲纹盘 一对');
    await onReplica.query('SELECT pg_wal_replay_resume()');
    await until('the replica to catch up', async () =>
      (await replicaTitle(house.mallPiece)) === '清康熙 青花缠枝莲纹盘（改）' ? true : undefined,
    );
  });

  it('answers guests from the replica while the primary is busy (every connection of the instance waiting on a lock)', async () => {
    const m = house.member;
    // Writes pile up behind a row lock held on the primary: collecting the piece waits on it, each holding a connection.
    const locker = new pg.Client({ connectionString: primary.url('house') });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [house.busyPiece]);
    const stuck = Array.from({ length: 14 }, () =>
      api(base, 'POST', '/v1/iyd/product/collect', { token: m.token, body: { id: house.busyPiece, collected: true } }),
    );
    await until('the instance’s primary connections to be taken', async () => {
      const r = await onPrimary.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'house' AND wait_event_type = 'Lock'",
      );
      return r.rows[0].n >= 9 ? true : undefined;
    });
    // The member's own data needs the primary: it waits.
    const own = api(base, 'GET', '/v1/iyd/member/info', { token: m.token });
    try {
      const ownAnswered = await Promise.race([own.then(() => true), sleep(1_500).then(() => false)]);
      expect(ownAnswered).toBe(false);
      // Guests are answered, and promptly.
      const started = Date.now();
      const answers = await Promise.all([
        api(base, 'GET', '/v1/iyd/product/list?page=1&pageSize=20'),
        api(base, 'GET', `/v1/iyd/product/info?id=${house.busyPiece}`),
        api(base, 'GET', '/v1/iyd/auction/list?status=live&page=1&pageSize=10'),
        api(base, 'GET', `/v1/iyd/auction/info?id=${house.lot}`),
        api(base, 'GET', '/v1/iyd/news/list?page=1&pageSize=10'),
        api(base, 'GET', `/v1/iyd/news/info?id=${house.news}`),
      ]);
      expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    // The lock gone, every write and the member's read are answered.
    expect((await Promise.all(stuck)).map((r) => r.code)).toEqual(Array(14).fill(200));
    expect((await own).code).toBe(200);
  });

  it('stops the replica (immediate) under guests’ reads without failing one', async () => {
    const pages = [
      '/v1/iyd/product/list?page=1&pageSize=20',
      `/v1/iyd/product/info?id=${house.mallPiece}`,
      '/v1/iyd/auction/list?status=live&page=1&pageSize=10',
      `/v1/iyd/auction/info?id=${house.lot}`,
      '/v1/iyd/news/list?page=1&pageSize=10',
      `/v1/iyd/news/info?id=${house.news}`,
    ];
    const failures: string[] = [];
    let answered = 0;
    let answeredAfterStop = 0;
    let stopped = false;
    let running = true;
    const worker = async (n: number) => {
      for (let i = n; running; i++) {
        const url = pages[i % pages.length]!;
        try {
          const r = await api(base, 'GET', url);
          if (r.code !== 200) failures.push(`${url}: ${r.code} ${r.msg}`);
          answered++;
          if (stopped) answeredAfterStop++;
        } catch (e) {
          failures.push(`${url}: ${(e as Error).message}`);
        }
      }
    };
    const workers = [0, 1, 2, 3, 4, 5].map(worker);
    try {
      await until('reads before the stop', async () => (answered >= 12 ? true : undefined));
      await stopAsync(replica!.dataDir, 'immediate');
      stopped = true;
      replica = undefined;
      await until('reads after the stop', async () => (answeredAfterStop >= 24 ? true : undefined), 30_000);
    } finally {
      running = false;
      await Promise.all(workers);
    }
    expect(failures).toEqual([]);
    // The member's writes and reads go on as before.
    const bid = await api(base, 'POST', '/v1/iyd/auction/match', {
      token: house.member.token,
      body: { id: house.lot, maxBid: 30_000 },
    });
    expect(bid.code, bid.msg).toBe(200);
    expect(server.output()).not.toMatch(/Cannot use a pool|unhandled/i);
  });
});
