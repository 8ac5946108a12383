import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  fund,
  memberWithTradePassword,
  newPhone,
  operatorImage,
  operatorToken,
  PASSWORD,
  registerMember,
  type TestApp,
  createTestApp,
  ADMIN_PASSWORD,
} from '../test/harness.js';
import {
  casesOf,
  describeCase,
  envelopeProblem,
  operationsOf,
  rng,
  transportCases,
  BASE_ID,
  type Answer,
  type Case as AnyCase,
  type Fixtures,
} from '../test/fuzz-cases.js';

/*
 * A bounded fuzzer over every operation of the OpenAPI document the app serves. For each
 * one it sends a plausible request built from the schema and then that request spoiled:
 * odd values in every field (2^31, 2^53, negative and fractional numbers; NUL, lone
 * surrogates, right-to-left marks, emoji, 10,000 characters), wrong types, missing and
 * extra fields, arrays where objects belong, bad path parameters, as a guest, a member and
 * an administrator. It fails on a 500 and on any answer that is not the envelope, printing
 * method, URL, caller and payload. Seeded: FUZZ_SEED=<n> replays a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_607);
/** Spoiled requests per operation for its own caller; the others send a few. */
const PER_OPERATION = 28;

type Caller = 'guest' | 'member' | 'admin';
type Case = AnyCase<Caller>;

let t: TestApp;
const tokens: Record<Caller, string | undefined> = { guest: undefined, member: undefined, admin: undefined };
let memberPhone = '';
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await operatorToken(t);
  // The caller is member 1; member 2 and operator 2 are the records that plausible requests name.
  const m = await memberWithTradePassword(t);
  const victim = await registerMember(t);
  tokens.member = m.token;
  memberPhone = m.phone;
  await operatorToken(t, 'support');
  await fund(t, m.id, 10_000_000);
  const image = await operatorImage(t, tokens.admin);
  for (let i = 0; i < 2; i++) {
    const p = await createProduct(t, tokens.admin, { stock: 50 });
    await t.call('POST', '/v1/admin/banners', { token: tokens.admin, body: { image, title: `横幅${i}` } });
    await t.call('POST', '/v1/iyd/address', {
      token: m.token,
      body: { name: '林婉清', phone: '13912345678', regionCode: '330106', detail: `文三路 ${i} 号` },
    });
    await t.call('POST', '/v1/iyd/order/create', {
      token: m.token,
      body: { items: [{ productId: p.id, quantity: 1 }] },
    });
  }
  expect(victim.id).toBe(BASE_ID);
  fixtures = { image, freshPhone: newPhone };
});

async function relogin(caller: Caller) {
  if (caller === 'admin') {
    const r = await t.call('POST', '/v1/admin/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    tokens.admin = r.data?.token;
  } else if (caller === 'member') {
    const r = await t.call('POST', '/v1/iyd/member/login', { body: { phone: memberPhone, password: PASSWORD } });
    tokens.member = r.data?.token;
  }
}

async function send(c: Case): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  const token = tokens[c.caller];
  if (token && headers.authorization === undefined) headers.authorization = `Bearer ${token}`;
  const req: InjectOptions = { method: c.method as InjectOptions['method'], url: c.url, headers };
  if (c.rawBody !== undefined) {
    req.payload = c.rawBody;
    if (c.contentType) headers['content-type'] = c.contentType;
  } else if (c.body !== undefined) {
    req.payload = JSON.stringify(c.body);
    headers['content-type'] = 'application/json';
  }
  const pending = t.app.inject(req);
  // A live stream that a valid request opened stays open (until the app closes): its answer
  // has begun if it has not ended within a second.
  const res = /\/auction\/stream/.test(c.url)
    ? await Promise.race([pending, new Promise<undefined>((r) => setTimeout(() => r(undefined), 1_000))])
    : await pending;
  if (!res) return { status: 200, contentType: 'text/event-stream', body: '' };
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}

describe('the fuzzer', () => {
  it(`answers every spoiled request with the envelope and never 500 (seed ${SEED})`, async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const ops = operationsOf(doc.json());
    expect(ops.length).toBeGreaterThan(50);
    const r = rng(SEED);

    const cases: Case[] = [];
    for (const op of ops) {
      const own: Caller = op.auth === 'operator' ? 'admin' : op.auth === 'member' ? 'member' : 'guest';
      const all = casesOf(op, fixtures, r, PER_OPERATION);
      for (const c of all) cases.push({ ...c, caller: own, own: true });
      for (const other of (['guest', 'member', 'admin'] as const).filter((x) => x !== own))
        for (const c of all.slice(0, op.auth === 'guest' ? 4 : 2)) cases.push({ ...c, caller: other, own: false });
    }
    // Operations that end a session or change accounts run last, so the rest keep their callers.
    const late = (c: Case) => /logout|\/operators\/|freeze/.test(c.url);
    cases.sort((a, b) => Number(late(a)) - Number(late(b)));
    for (const c of transportCases())
      for (const caller of ['guest', 'admin'] as const)
        cases.push({ ...c, caller, own: caller === 'admin' && !c.headers?.authorization });

    const failures: string[] = [];
    const kinds = new Map<string, number>();
    let serverErrors = 0;
    for (const c of cases) {
      let a = await send(c);
      // A session the fuzzer itself ended (logout, a frozen account) is renewed, and the request sent again.
      if (c.own && c.caller !== 'guest' && a.status === 401) {
        await relogin(c.caller);
        a = await send(c);
      }
      if (a.status >= 500) serverErrors += 1;
      const problem = a.status >= 500 ? `HTTP ${a.status}` : envelopeProblem(a);
      if (!problem) continue;
      failures.push(describeCase(c, a, problem));
      const kind = `${c.method} ${c.url.replace(/\?.*/, '').slice(0, 60)}: ${problem}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.info(`fuzzer: ${cases.length} requests over ${ops.length} operations, seed ${SEED}`);
    if (failures.length > 0) {
      console.error(
        `${failures.length} of ${cases.length} answers failed (${serverErrors} were 5xx); seed ${SEED}\n` +
          [...kinds].map(([k, n]) => `${String(n).padStart(4)} × ${k}`).join('\n') +
          '\n\n' +
          failures.slice(0, 60).join('\n\n'),
      );
    }
    expect(failures.length, failures.slice(0, 5).join('\n\n')).toBe(0);
    // 4,000 requests one after another: 10–15 s alone, 30–65 s in CI's second database run
    // beside the browser journeys.
  }, 180_000);
});
