import { namedEndpoints, pathParamsOf, type OperatorRole } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, registerMember, type TestApp } from '../test/harness.js';
import { allowed, MATRIX, PUBLIC } from '../test/role-matrix.js';

const ROLES: readonly OperatorRole[] = ['admin', 'operator', 'finance', 'support'];
const adminCalls = namedEndpoints.filter((n) => n.endpoint.base === '/v1/admin');

let t: TestApp;
let tokens: Record<OperatorRole, string>;
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    admin: await operatorToken(t, 'admin'),
    operator: await operatorToken(t, 'operator'),
    finance: await operatorToken(t, 'finance'),
    support: await operatorToken(t, 'support'),
  };
  memberToken = (await registerMember(t)).token;
});

/**
 * One call with an empty input and ids that name nothing: roles are checked before the
 * input, so a refused role gets 403 and an allowed one gets past the check (to a 400 or a
 * 404, or an answer) without changing anything that matters.
 */
async function callAs(name: string, token: string | undefined) {
  const { endpoint } = adminCalls.find((n) => n.name === name)!;
  let url = `${endpoint.base}${endpoint.path}`;
  for (const p of pathParamsOf(endpoint)) url = url.replace(`{${p}}`, '999999');
  const res = await t.app.inject({
    method: endpoint.method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
  });
  const json = res.headers['content-type']?.toString().startsWith('application/json')
    ? (res.json() as { code: number; data?: { reason?: string } })
    : undefined;
  return { status: res.statusCode, code: json?.code, reason: json?.data?.reason };
}

describe('the operators’ role matrix', () => {
  it('decides every operators’ call, and names no call the contract lacks', () => {
    const declared = adminCalls.map((n) => n.name).sort();
    expect(declared).toEqual([...Object.keys(MATRIX), ...PUBLIC].sort());
  });

  // Sign-out ends the session it is called with, so it goes last, on sessions of its own.
  const calls = adminCalls.map((n) => n.name).filter((n) => !PUBLIC.has(n) && n !== 'operators.logout');

  it.each(ROLES)('%s: every call it may make passes the role check; every other one is 403', async (role) => {
    const got: string[] = [];
    const want: string[] = [];
    for (const name of calls) {
      const r = await callAs(name, tokens[role]);
      got.push(`${name} ${r.status === 403 ? `403 ${r.reason}` : 'passes'}`);
      want.push(`${name} ${allowed(name, role) ? 'passes' : '403 FORBIDDEN'}`);
      if (r.status !== 403) expect([401, 500], `${role} ${name}`).not.toContain(r.status);
    }
    expect(got).toEqual(want);
  });

  it('refuses every call without an operator’s session: none, or a member’s', async () => {
    for (const name of adminCalls.map((n) => n.name).filter((n) => !PUBLIC.has(n))) {
      const none = await callAs(name, undefined);
      expect([none.status, none.code], `${name} without a token`).toEqual([401, 301]);
      const member = await callAs(name, memberToken);
      expect(member.code, `${name} with a member's token`).toBe(301);
    }
  });

  it('every role can sign out, which ends that session', async () => {
    for (const role of ROLES) {
      const token = await operatorToken(t, role);
      expect((await callAs('operators.logout', token)).status, role).toBe(200);
      // 302: the session is over (the console then clears its token and shows sign-in).
      expect((await callAs('operators.me', token)).code, role).toBe(302);
    }
  });
});
