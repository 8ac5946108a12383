// The fuzzer over HTTP: every operation of the OpenAPI document the built server publishes,
// its plausible and spoiled requests (src/test/fuzz-cases.ts, shared with the in-process
// fuzz test) sent as a guest, a member and each operator role. No answer may be a 5xx or
// anything but the envelope, and a refused request may change nothing: every table of the
// house's database counts its changed rows (a trigger of this proof's), read before and
// after each request.
import type pg from 'pg';
import {
  casesOf,
  describeCase,
  envelopeProblem,
  operationsOf,
  rng,
  transportCases,
  type Answer,
  type Case,
  type Fixtures,
} from '../../apps/server/src/test/fuzz-cases.js';
import { ADMIN_PASSWORD } from '../support/instances.js';
import { House, newPhone, ok } from './house.js';
import { roleMatrix, type RolesReport } from './roles.js';

export const CALLERS = ['guest', 'member', 'admin', 'operator', 'finance', 'support'] as const;
export type Caller = (typeof CALLERS)[number];
const OPERATOR_ROLES = ['admin', 'operator', 'finance', 'support'] as const;

export interface FuzzOptions {
  /** At least this many requests (the cases of every operation, then more of them, seeded). */
  requests: number;
  seed: number;
  log: (line: string) => void;
}

export interface FuzzReport {
  requests: number;
  operations: number;
  callers: number;
  serverErrors: number;
  nonEnvelope: number;
  refused: number;
  changedByRefusal: number;
  /** The first failures, described (method, URL, caller, payload, answer). */
  failures: string[];
  seed: number;
  /** Requests whose write the counting saw (that it sees writes at all). */
  writesSeen: number;
  /** The role matrix, on the same house before the fuzzer runs. */
  roles?: RolesReport;
}

/**
 * Refusals that write by design: a wrong password, trade password or SMS code is refused
 * AND counted (or guessing would be free), and a captcha is used up by any try. Their
 * counts are proved under parallel requests by the abuse list.
 */
const COUNTED_REASONS = new Set([
  'LOGIN_FAILED',
  'OPERATOR_LOGIN_FAILED',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'TRADE_PASSWORD_WRONG',
  'TRADE_PASSWORD_LOCKED',
  'SMS_CODE_INVALID',
]);
/** The tables of those counts and of the captchas. */
const COUNTING_TABLES = new Set(['login_attempts', 'captchas']);

/** Counting triggers on every table: rows inserted, deleted, or updated to something different. */
async function countWrites(db: pg.Client) {
  await db.query(`
    CREATE TABLE IF NOT EXISTS prove_writes (tbl text PRIMARY KEY, n bigint NOT NULL);
    CREATE OR REPLACE FUNCTION prove_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO prove_writes VALUES (TG_TABLE_NAME, 1) ON CONFLICT (tbl) DO UPDATE SET n = prove_writes.n + 1;
      RETURN NULL;
    END $$;`);
  const { rows } = await db.query<{ t: string }>(
    `SELECT quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'prove_writes'`,
  );
  for (const { t } of rows) {
    await db.query(`CREATE TRIGGER prove_count_rows AFTER INSERT OR DELETE ON ${t}
      FOR EACH ROW EXECUTE FUNCTION prove_count()`);
    await db.query(`CREATE TRIGGER prove_count_updates AFTER UPDATE ON ${t}
      FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION prove_count()`);
  }
  return rows.length;
}

async function writes(db: pg.Client): Promise<Map<string, number>> {
  const { rows } = await db.query<{ tbl: string; n: string }>('SELECT tbl, n FROM prove_writes');
  return new Map(rows.map((r) => [r.tbl, Number(r.n)]));
}

/** The tables whose count of changed rows moved between two readings. */
function touched(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([t, n]) => (before.get(t) ?? 0) !== n).map(([t]) => t);
}

/**
 * What a table holds, as one hash (a write that is undone, such as a slot taken and given
 * back, leaves it). A session's `last_used_at` is left out: any call made with a session
 * touches it now and then (its sliding expiry), whether the call is answered or refused.
 */
async function contentOf(db: pg.Client, table: string): Promise<string> {
  const { rows } = await db.query<{ h: string }>(
    `SELECT md5(coalesce(string_agg(r, ',' ORDER BY r), '')) AS h
       FROM (SELECT (to_jsonb(x) - 'last_used_at')::text AS r FROM ${table} x) rows`,
  );
  return rows[0]!.h;
}

/** Sends one case over HTTP; a live stream that opened is an answer once its head arrived. */
async function send(base: string, c: Case, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  if (token && headers.authorization === undefined) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (c.rawBody !== undefined) {
    body = c.rawBody;
    if (c.contentType) headers['content-type'] = c.contentType;
  } else if (c.body !== undefined) {
    body = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  if (c.method === 'GET' || c.method === 'HEAD') body = undefined;
  const abort = new AbortController();
  const res = await fetch(`${base}${c.url}`, { method: c.method, headers, body, signal: abort.signal });
  const contentType = res.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    abort.abort();
    return { status: res.status, contentType, body: '' };
  }
  return { status: res.status, contentType, body: await res.text() };
}

export async function fuzz(o: FuzzOptions): Promise<FuzzReport> {
  const house = await House.open({ RATE_LIMITS: 'off' });
  const report: FuzzReport = {
    requests: 0,
    operations: 0,
    callers: CALLERS.length,
    serverErrors: 0,
    nonEnvelope: 0,
    refused: 0,
    changedByRefusal: 0,
    failures: [],
    seed: o.seed,
    writesSeen: 0,
  };
  let db: pg.Client | undefined;
  try {
    // The records plausible requests name are number 2 (BASE_ID): a member and an operator
    // that are not the callers, so that freezing or editing them leaves the callers be.
    const settings = await ok(house.url, 'GET', '/v1/admin/settings', { token: house.admin });
    await ok(house.url, 'PUT', '/v1/admin/settings', {
      token: house.admin,
      body: { sms: { ...settings.sms, cooldownSeconds: 10 } },
    });
    const support = await house.operator('support'); // operator 2, the one plausible requests name
    const [member] = await house.bidders(1, support.token); // member 1, the caller
    await house.register(); // member 2
    const roles = {
      admin: { username: 'admin', password: ADMIN_PASSWORD, token: house.admin },
      operator: await house.operator('operator'),
      finance: await house.operator('finance'),
      support: await house.operator('support'),
    };
    await house.deposit(member!.id, 10_000_000, 'prove: fuzz');
    const image = await house.operatorPicture();
    for (let i = 0; i < 2; i++) {
      const p = await house.product({ stock: 50 });
      await ok(house.url, 'POST', '/v1/admin/banners', { token: house.admin, body: { image, title: `横幅${i}` } });
      await ok(house.url, 'POST', '/v1/iyd/address', {
        token: member!.token,
        body: { name: '林婉清', phone: '13912345678', regionCode: '330106', detail: `文三路 ${i} 号` },
      });
      await ok(house.url, 'POST', '/v1/iyd/order/create', {
        token: member!.token,
        body: { items: [{ productId: p.id, quantity: 1 }] },
      });
    }
    await house.lot(3_600_000);

    const tokens: Record<Caller, string | undefined> = {
      guest: undefined,
      member: member!.token,
      admin: house.admin,
      operator: roles.operator.token,
      finance: roles.finance.token,
      support: roles.support.token,
    };
    const relogin = async (caller: Caller) => {
      if (caller === 'member') tokens.member = await house.memberToken(member!);
      else if (caller !== 'guest') tokens[caller] = await house.login(roles[caller].username, roles[caller].password);
    };

    report.roles = await roleMatrix(
      house.url,
      { admin: tokens.admin!, operator: tokens.operator!, finance: tokens.finance!, support: tokens.support! },
      tokens.member!,
    );

    const doc = (await (await fetch(`${house.url}/v1/openapi.json`)).json()) as Parameters<typeof operationsOf>[0];
    const ops = operationsOf(doc);
    report.operations = ops.length;
    const r = rng(o.seed);
    const fixtures: Fixtures = { image, freshPhone: newPhone };

    // Every case of an operation as its own caller(s) (an operators' call as each role:
    // those it may not make must be refused), the first few as everyone else; rounds with
    // more spoiled cases until the count is reached.
    const cases: Case<Caller>[] = [];
    for (let round = 0; cases.length < o.requests; round++) {
      for (const op of ops) {
        const own: readonly Caller[] =
          op.auth === 'operator' ? OPERATOR_ROLES : op.auth === 'member' ? ['member'] : ['guest', 'member'];
        const all = casesOf(op, fixtures, r, 28);
        const mine = round === 0 ? all : all.slice(1);
        for (const c of mine) for (const caller of own) cases.push({ ...c, caller, own: true });
        if (round === 0)
          for (const other of CALLERS.filter((x) => !own.includes(x)))
            for (const c of all.slice(0, 2)) cases.push({ ...c, caller: other, own: false });
      }
      if (round === 0)
        for (const c of transportCases())
          for (const caller of ['guest', 'member', 'admin'] as const)
            cases.push({ ...c, caller, own: caller !== 'guest' && !c.headers?.authorization });
      if (round > 6) break;
    }
    // A short run samples the cases (seeded), keeping one of every operation's first.
    let chosen = cases;
    if (cases.length > o.requests) {
      const firsts = new Set<Case<Caller>>();
      const seen = new Set<string>();
      for (const c of cases) {
        const key = `${c.method} ${c.url.replace(/\?.*/, '')}`;
        if (!seen.has(key)) {
          seen.add(key);
          firsts.add(c);
        }
      }
      const rest = r.shuffle(cases.filter((c) => !firsts.has(c))).slice(0, Math.max(0, o.requests - firsts.size));
      const keep = new Set([...firsts, ...rest]);
      chosen = cases.filter((c) => keep.has(c));
    }
    // Operations that end a session or change accounts run last, so the rest keep their callers.
    const late = (c: Case) => /logout|\/operators\/|freeze/.test(c.url);
    chosen.sort((a, b) => Number(late(a)) - Number(late(b)));

    db = await house.database();
    const tables = await countWrites(db);
    o.log(`fuzz: ${chosen.length} requests over ${ops.length} operations, ${tables} tables counted, seed ${o.seed}`);
    const content = new Map<string, string>();
    for (const { t } of (
      await db.query<{ t: string }>(
        `SELECT quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'prove_writes'`,
      )
    ).rows)
      content.set(t, await contentOf(db, t));
    let before = await writes(db);
    for (const c of chosen) {
      let a = await send(house.url, c, tokens[c.caller]);
      if (c.own && c.caller !== 'guest' && a.status === 401) {
        await relogin(c.caller);
        before = await writes(db);
        a = await send(house.url, c, tokens[c.caller]);
      }
      report.requests += 1;
      const after = await writes(db);
      const problem = a.status >= 500 ? `HTTP ${a.status}` : envelopeProblem(a);
      if (a.status >= 500) report.serverErrors += 1;
      else if (problem) report.nonEnvelope += 1;
      if (problem && report.failures.length < 40) report.failures.push(describeCase(c, a, problem));
      const diff: string[] = [];
      for (const t of touched(before, after)) {
        const now = await contentOf(db, t);
        if (now !== content.get(t)) diff.push(t);
        content.set(t, now);
      }
      if (diff.length > 0 && a.status < 400) report.writesSeen += 1;
      if (a.status >= 400) {
        report.refused += 1;
        const reason = /"reason":"([A-Z_]+)"/.exec(a.body)?.[1] ?? '';
        const wrong = COUNTED_REASONS.has(reason) ? [] : diff.filter((t) => !COUNTING_TABLES.has(t));
        if (wrong.length > 0) {
          report.changedByRefusal += 1;
          if (report.failures.length < 40)
            report.failures.push(describeCase(c, a, `a refusal changed the table(s) ${wrong.join(', ')}`));
        }
      }
      before = after;
    }
  } finally {
    await db?.end().catch(() => undefined);
    await house.close();
  }
  return report;
}
