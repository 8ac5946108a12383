// The operators' role matrix over HTTP against the built server: every operators' call as
// each role, with an empty input and ids that name nothing. Roles are checked before the
// input, so a role the matrix (src/test/role-matrix.ts, PRODUCT.md "Operators") refuses gets
// 403 FORBIDDEN, and an allowed one gets past the check; without a session, 401; with a
// member's session, code 301.
import { namedEndpoints, pathParamsOf, type OperatorRole } from '@antique/shared';
import { allowed, MATRIX, PUBLIC } from '../../apps/server/src/test/role-matrix.js';
import { api } from './house.js';

export interface RolesReport {
  calls: number;
  roles: number;
  cases: number;
  /** Calls and roles where the answer was not the matrix's, one line each. */
  wrong: string[];
}

const ROLES: readonly OperatorRole[] = ['admin', 'operator', 'finance', 'support'];

export async function roleMatrix(
  base: string,
  tokens: Record<OperatorRole, string>,
  memberToken: string,
): Promise<RolesReport> {
  const adminCalls = namedEndpoints.filter((n) => n.endpoint.base === '/v1/admin');
  const report: RolesReport = { calls: 0, roles: ROLES.length, cases: 0, wrong: [] };
  const declared = adminCalls.map((n) => n.name).sort();
  const decided = [...Object.keys(MATRIX), ...PUBLIC].sort();
  for (const name of declared.filter((n) => !decided.includes(n)))
    report.wrong.push(`${name}: a call the matrix does not decide`);
  for (const name of decided.filter((n) => !declared.includes(n)))
    report.wrong.push(`${name}: in the matrix, not in the contract`);

  // sign-out ends the session it is called with: it is the in-process test's, not this one's
  const calls = adminCalls.filter((n) => !PUBLIC.has(n.name) && n.name !== 'operators.logout');
  report.calls = calls.length;
  for (const { name, endpoint } of calls) {
    let url = `${endpoint.base}${endpoint.path}`;
    for (const p of pathParamsOf(endpoint)) url = url.replace(`{${p}}`, '999999');
    const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {};
    const as = (token: string | undefined) => api(base, endpoint.method, url, { token, body });
    for (const role of ROLES) {
      const a = await as(tokens[role]);
      report.cases += 1;
      const may = allowed(name, role);
      if (may && [401, 403].includes(a.status)) report.wrong.push(`${role} ${name}: ${a.status}, the matrix allows it`);
      else if (may && a.status >= 500) report.wrong.push(`${role} ${name}: ${a.status}`);
      else if (!may && (a.status !== 403 || a.data?.reason !== 'FORBIDDEN'))
        report.wrong.push(`${role} ${name}: ${a.status} ${a.data?.reason ?? ''}, the matrix refuses it (403)`);
    }
    const none = await as(undefined);
    const member = await as(memberToken);
    report.cases += 2;
    if (none.status !== 401 || none.code !== 301)
      report.wrong.push(`${name} without a session: ${none.status} ${none.code}`);
    if (member.code !== 301) report.wrong.push(`${name} with a member's session: ${member.status} ${member.code}`);
  }
  return report;
}
