// A house of the built server as `npm run prove` drives it: one instance on its embedded
// PostgreSQL in a folder of its own, members and operators made over HTTP as a person would.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_PASSWORD, CAPTCHA, startInstance, type Instance } from '../support/instances.js';

/** An answer's data as read by a black-box check: loosely, field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export type Role = 'admin' | 'operator' | 'finance' | 'support';

export interface Answer<T = Loose> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/** One call; the envelope (code -1 when the answer was not one). Throws only when no answer came. */
export async function api<T = Loose>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  try {
    const b = JSON.parse(text) as { code: number; msg: string; data: T };
    return { status: res.status, code: b.code, msg: b.msg, data: b.data };
  } catch {
    return { status: res.status, code: -1, msg: text.slice(0, 200), data: undefined as T };
  }
}

/** The data of a call that must succeed. */
export async function ok<T = Loose>(...args: Parameters<typeof api>): Promise<T> {
  const r = await api<T>(...args);
  if (r.code !== 200)
    throw new Error(`${args[1]} ${args[2]}: ${r.status} ${r.code} ${r.msg} ${JSON.stringify(r.data)}`);
  return r.data;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A tiny valid PNG (1×1). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A resident ID number with a valid check digit (GB 11643). */
export function idNumber(): string {
  const serial = String(crypto.randomInt(0, 1000)).padStart(3, '0');
  const body = `110101${1960 + crypto.randomInt(0, 40)}0${1 + crypto.randomInt(0, 9)}1${crypto.randomInt(0, 10)}${serial}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * WEIGHTS[i]!;
  return body + '10X98765432'[sum % 11]!;
}

let phoneSeq = 0;
/** A phone number no other member of this run has. */
export function newPhone(): string {
  phoneSeq += 1;
  return `137${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

export interface Member {
  id: number;
  phone: string;
  password: string;
  token: string;
}

export const MEMBER_PASSWORD = 'Passw0rd1';
export const TRADE_PASSWORD = '135790';

/**
 * Starts of every house of this process, one at a time: each embedded PostgreSQL takes a
 * port found free a moment before, and two starting at once could take the same one.
 */
let starting: Promise<unknown> = Promise.resolve();

/** A house: the instance, its folder, and the administrator's session. */
export class House {
  instance!: Instance;
  admin = '';
  private constructor(
    readonly dataDir: string,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  static async open(env: NodeJS.ProcessEnv = {}): Promise<House> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-prove-'));
    const house = new House(dataDir, { DATABASE_URL: '', DATA_DIR: dataDir, ...env });
    await house.start();
    return house;
  }

  get url() {
    return this.instance.url;
  }

  /** Starts (again) on the same folder; a start that fails right after a kill is tried again. */
  async start() {
    const run = starting.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          this.instance = await startInstance(this.env, { startMs: 90_000 });
          return;
        } catch (e) {
          // a port taken between its check and PostgreSQL's bind (another process's cluster
          // answers: "password authentication failed") or a slow machine: start again
          if (attempt >= 5) throw e;
          await sleep(2_000 * attempt);
        }
      }
    });
    starting = run.catch(() => undefined);
    await run;
    this.admin = await this.login('admin', ADMIN_PASSWORD);
  }

  async login(username: string, password: string): Promise<string> {
    return (await ok<{ token: string }>(this.url, 'POST', '/v1/admin/login', { body: { username, password } })).token;
  }

  /** The pid of the embedded PostgreSQL (its postmaster), from its pid file. */
  postmasterPid(): number | undefined {
    try {
      return Number(fs.readFileSync(path.join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  }

  /** A connection to the house's database (the embedded PostgreSQL's port and password from its folder). */
  async database(): Promise<pg.Client> {
    const port = Number(fs.readFileSync(path.join(this.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
    const { password } = JSON.parse(fs.readFileSync(path.join(this.dataDir, 'pg-credentials.json'), 'utf8')) as {
      password: string;
    };
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'antique' });
    await client.connect();
    return client;
  }

  /** kill -9 of the server, and with `withPostgres` of its PostgreSQL too (the machine losing power). */
  async kill(withPostgres: boolean) {
    const pgPid = withPostgres ? this.postmasterPid() : undefined;
    this.instance.child.kill('SIGKILL');
    if (pgPid) {
      try {
        process.kill(pgPid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    await this.instance.exited;
  }

  /** Stops the server (SIGTERM), its PostgreSQL with it, and removes the folder. */
  async close() {
    if (this.instance) await this.instance.stop('SIGTERM');
    const pid = this.postmasterPid();
    const pgDir = path.join(this.dataDir, 'pg');
    try {
      // only a postgres of this folder (a pid file may outlive its process, the pid reused)
      if (pid && fs.readlinkSync(`/proc/${pid}/cwd`) === fs.realpathSync(pgDir)) process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && fs.existsSync(`/proc/${pid}`); i++) await sleep(100);
    } catch {
      /* none left */
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** An operator of `role` (created by the administrator) signed in. */
  async operator(role: Role): Promise<{ username: string; password: string; token: string }> {
    if (role === 'admin') return { username: 'admin', password: ADMIN_PASSWORD, token: this.admin };
    const username = `${role}_${crypto.randomBytes(3).toString('hex')}`;
    const password = 'operator-pass-1';
    await ok(this.url, 'POST', '/v1/admin/operators', { token: this.admin, body: { username, password, role } });
    return { username, password, token: await this.login(username, password) };
  }

  /** Sends a code of `scene` (to the signed-in member's phone when `token` is given) and reads it from the outbox. */
  async smsCode(phone: string, scene: string, token?: string): Promise<string> {
    const { captchaId } = await ok<{ captchaId: string }>(this.url, 'GET', '/v1/iyd/captcha');
    await ok(this.url, 'POST', '/v1/iyd/send', {
      token,
      body: { ...(token ? {} : { phone }), scene, captchaId, captchaCode: CAPTCHA },
    });
    const outbox = await ok<{ list: { content: string }[] }>(this.url, 'GET', `/v1/admin/sms/outbox?phone=${phone}`, {
      token: this.admin,
    });
    const code = /\d{6}/.exec(outbox.list[0]?.content ?? '')?.[0];
    if (!code) throw new Error(`no SMS for ${phone}`);
    return code;
  }

  async register(phone = newPhone()): Promise<Member> {
    const smsCode = await this.smsCode(phone, 'register');
    const r = await ok<{ token: string }>(this.url, 'POST', '/v1/iyd/member/register', {
      body: { phone, smsCode, password: MEMBER_PASSWORD },
    });
    const info = await ok<{ id: number }>(this.url, 'GET', '/v1/iyd/member/info', { token: r.token });
    return { id: info.id, phone, password: MEMBER_PASSWORD, token: r.token };
  }

  /** An upload through the member's signed target; the picture's URL. */
  async upload(token: string, purpose: 'avatar' | 'idcard', body: Buffer = PNG_1X1, type = 'image/png') {
    const oss = await ok<{
      uploadUrl: string;
      method: string;
      fields: Record<string, string>;
      headers: Record<string, string>;
    }>(this.url, 'GET', `/v1/iyd/oss?purpose=${purpose}`, { token });
    return this.put(oss, body, type);
  }

  /** Sends a file to a signed upload target (a PUT to this server; a form POST to a bucket). */
  async put(
    oss: { uploadUrl: string; method: string; fields: Record<string, string>; headers: Record<string, string> },
    body: Buffer,
    type: string,
  ): Promise<Answer<{ url: string }>> {
    const target = oss.uploadUrl.startsWith('http') ? oss.uploadUrl : `${this.url}${oss.uploadUrl}`;
    let res: Response;
    if (oss.method === 'POST') {
      const form = new FormData();
      for (const [k, v] of Object.entries(oss.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(body)], { type }));
      res = await fetch(target, { method: 'POST', body: form });
    } else {
      res = await fetch(target, {
        method: 'PUT',
        headers: { ...oss.headers, 'content-type': type },
        body: new Uint8Array(body),
      });
    }
    const text = await res.text();
    try {
      const b = JSON.parse(text) as { code: number; msg: string; data: { url: string } };
      return { status: res.status, ...b };
    } catch {
      return { status: res.status, code: res.ok ? 200 : -1, msg: text.slice(0, 200), data: { url: '' } };
    }
  }

  /**
   * A member as a bidder is: real name reviewed by support, a trade password. The SMS
   * cooldown (10 s at least) lies between the two codes a phone receives here, so members
   * are made many at once.
   */
  async bidders(n: number, support: string): Promise<Member[]> {
    const members = await Promise.all(Array.from({ length: n }, () => this.register()));
    await Promise.all(
      members.map(async (m) => {
        const front = await this.upload(m.token, 'idcard');
        const back = await this.upload(m.token, 'idcard');
        await ok(this.url, 'POST', '/v1/iyd/member/auth', {
          token: m.token,
          body: { realName: '张三', idNumber: idNumber(), frontImage: front.data.url, backImage: back.data.url },
        });
        await ok(this.url, 'POST', `/v1/admin/realname/${m.id}/review`, { token: support, body: { approve: true } });
      }),
    );
    const { sms } = await ok<{ sms: { cooldownSeconds: number } }>(this.url, 'GET', '/v1/admin/settings', {
      token: this.admin,
    });
    await sleep(sms.cooldownSeconds * 1000 + 500);
    await Promise.all(
      members.map(async (m) => {
        const smsCode = await this.smsCode(m.phone, 'trade', m.token);
        await ok(this.url, 'POST', '/v1/iyd/member/password/trade', {
          token: m.token,
          body: { smsCode, tradePassword: TRADE_PASSWORD },
        });
      }),
    );
    return members;
  }

  /** A member's session again (after a restart the sessions live on; after a freeze they do not). */
  async memberToken(m: Member): Promise<string> {
    return (
      await ok<{ token: string }>(this.url, 'POST', '/v1/iyd/member/login', {
        body: { phone: m.phone, password: m.password },
      })
    ).token;
  }

  async deposit(memberId: number, amount: number, remark: string) {
    return ok<{ id: number }>(this.url, 'POST', `/v1/admin/members/${memberId}/deposit`, {
      token: this.admin,
      body: { amount, remark },
    });
  }

  private categoryId?: number;
  private picture?: string;

  /** A picture uploaded by the administrator (for products, lots, sessions). */
  async operatorPicture(): Promise<string> {
    if (this.picture) return this.picture;
    const oss = await ok<{
      uploadUrl: string;
      method: string;
      fields: Record<string, string>;
      headers: Record<string, string>;
    }>(this.url, 'GET', '/v1/admin/oss?purpose=product', { token: this.admin });
    this.picture = (await this.put(oss, PNG_1X1, 'image/png')).data.url;
    return this.picture;
  }

  async product(over: Record<string, unknown> = {}): Promise<{ id: number; price: number }> {
    if (!this.categoryId) {
      this.categoryId = (
        await ok<{ id: number }>(this.url, 'POST', '/v1/admin/categories', {
          token: this.admin,
          body: { name: `瓷器${crypto.randomBytes(2).toString('hex')}` },
        })
      ).id;
    }
    const image = await this.operatorPicture();
    return ok(this.url, 'POST', '/v1/admin/products', {
      token: this.admin,
      body: {
        title: `清 青花缠枝莲纹赏瓶 ${crypto.randomBytes(2).toString('hex')}`,
        categoryId: this.categoryId,
        cover: image,
        images: [image],
        price: 1_000,
        marketPrice: 1_500,
        stock: 5,
        era: '清乾隆',
        material: '瓷',
        dimensions: '高 36.5cm',
        provenance: '私人旧藏',
        description: '<p>器形端庄</p>',
        tags: ['官窑'],
        onSale: true,
        ...over,
      },
    });
  }

  /** A house lot of a piece kept out of the mall, live now, ending in `endsInMs`. */
  async lot(endsInMs: number, startPrice = 10_000): Promise<{ id: number; endsAt: number }> {
    const piece = await this.product({ stock: 1, onSale: false, price: startPrice, marketPrice: startPrice });
    const now = Date.now();
    return ok(this.url, 'POST', '/v1/admin/lots', {
      token: this.admin,
      body: { productId: piece.id, startPrice, startsAt: now, endsAt: now + endsInMs },
    });
  }
}
