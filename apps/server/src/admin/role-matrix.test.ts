import { namedEndpoints, pathParamsOf, type OperatorRole } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, registerMember, type TestApp } from '../test/harness.js';

/**
 * Who may make each operators' call, written out by hand from PRODUCT.md "Operators":
 * `admin` everything; `operator` catalogue, auctions, consignments, content; `finance`
 * deposits, withdrawals, ledger, reconciliation (and the exports, which carry money);
 * `support` members, real-name review, pick-ups, the SMS outbox. Lists name the roles
 * besides admin; `'every role'` is every signed-in operator. A call added to the contract
 * without a line here fails the first test, so every new call gets a decision.
 */
const EVERY = 'every role' as const;
const MATRIX: Record<string, readonly Exclude<OperatorRole, 'admin'>[] | typeof EVERY> = {
  'operators.me': EVERY,
  'operators.logout': EVERY,
  'dashboard.get': EVERY,

  'accounts.adminList': ['finance', 'support'],
  'accounts.adminDetail': ['finance', 'support'],
  'accounts.adminFreeze': ['support'],
  'accounts.adminRealNameQueue': ['support'],
  'accounts.adminRealNameReview': ['support'],
  // The reviewer compares the full name and ID number with the photos (each reveal audited).
  'accounts.adminRealNameReveal': ['support'],
  'verification.adminSmsOutbox': ['support'],

  'uploads.adminOss': ['operator'],
  'catalogue.adminCategories': ['operator'],
  'catalogue.adminCreateCategory': ['operator'],
  'catalogue.adminUpdateCategory': ['operator'],
  'catalogue.adminDeleteCategory': ['operator'],
  'catalogue.adminProducts': ['operator'],
  'catalogue.adminCreateProduct': ['operator'],
  'catalogue.adminProduct': ['operator'],
  'catalogue.adminUpdateProduct': ['operator'],
  // Condition reports and members' questions (issue 18): as editing products and lots.
  'judge.adminProductCondition': ['operator'],
  'judge.adminSaveProductCondition': ['operator'],
  'judge.adminLotCondition': ['operator'],
  'judge.adminSaveLotCondition': ['operator'],
  'judge.adminQuestions': ['operator'],
  'judge.adminAnswerQuestion': ['operator'],
  'judge.adminHideQuestion': ['operator'],
  'catalogue.adminBanners': ['operator'],
  'catalogue.adminCreateBanner': ['operator'],
  'catalogue.adminUpdateBanner': ['operator'],
  'catalogue.adminDeleteBanner': ['operator'],

  // Every role answers questions about an order; only finance takes them all away as a file.
  'orders.adminList': ['operator', 'finance', 'support'],
  'orders.adminInfo': ['operator', 'finance', 'support'],
  'orders.adminExport': ['finance'],

  'custody.adminHoldings': ['operator', 'support'],
  // Pick-ups are support's alone; operators see the pieces in custody for consignments.
  'custody.adminPicks': ['support'],
  'custody.adminShip': ['support'],
  'custody.adminDelegations': ['operator'],
  'custody.adminReviewDelegation': ['operator'],

  'auctions.adminSessions': ['operator'],
  'auctions.adminCreateSession': ['operator'],
  'auctions.adminUpdateSession': ['operator'],
  'auctions.adminLots': ['operator'],
  'auctions.adminCreateLot': ['operator'],
  'auctions.adminLot': ['operator'],
  // The house's hand on a lot and the bidding signals are the auction operators' (issue 18).
  'integrity.adminWithdrawLot': ['operator'],
  'integrity.adminVoidBid': ['operator'],
  'integrity.adminSignals': ['operator'],
  'integrity.adminLotSignals': ['operator'],
  'integrity.adminReviewSignals': ['operator'],

  'wallet.adminLedger': ['finance'],
  'wallet.adminReconcile': ['finance'],
  'wallet.adminDeposit': ['finance'],
  'wallet.adminExportBills': ['finance'],
  'withdrawals.adminList': ['finance'],
  'withdrawals.adminApprove': ['finance'],
  'withdrawals.adminReject': ['finance'],
  'withdrawals.adminPaid': ['finance'],
  'withdrawals.adminExport': ['finance'],
  'withdrawals.adminTransfer': ['finance'],
  'payments.adminList': ['finance'],
  'payments.adminRecheck': ['finance'],
  'payments.adminNotices': ['finance'],
  'payments.adminExport': ['finance'],
  // Guarantee claims move money back: finance decides; support answers the member and may read them.
  'protect.adminClaims': ['finance', 'support'],
  'protect.adminClaim': ['finance', 'support'],
  'protect.adminDecideClaim': ['finance'],
  // Second-chance offers are auctions' work.
  'protect.adminLotOffers': ['operator'],
  'protect.adminOfferLot': ['operator'],
  'protect.adminWithdrawOffer': ['operator'],

  'content.adminNotices': ['operator'],
  'content.adminCreateNotice': ['operator'],
  'content.adminUpdateNotice': ['operator'],
  'content.adminDeleteNotice': ['operator'],
  'content.adminNews': ['operator'],
  'content.adminCreateNews': ['operator'],
  'content.adminUpdateNews': ['operator'],
  'content.adminDeleteNews': ['operator'],
  'content.adminContact': ['operator'],
  'content.adminUpdateContact': ['operator'],
  'content.adminRules': ['operator'],
  'content.adminRulePlaceholders': ['operator'],
  'content.adminRule': ['operator'],
  'content.adminUpdateRule': ['operator'],
  'content.adminAppVersion': ['operator'],
  'content.adminUpdateAppVersion': ['operator'],

  // Finance and operators read the numbers they work under; only an administrator changes them.
  'settings.get': ['finance', 'operator'],
  'settings.update': [],
  'operators.list': [],
  'operators.create': [],
  'operators.update': [],
  'audit.list': [],
};

/** Calls without a session: signing in, and the captcha a username that failed a few times signs in with. */
const PUBLIC = new Set(['operators.login', 'operators.captcha']);

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

function allowed(name: string, role: OperatorRole): boolean {
  const who = MATRIX[name];
  return role === 'admin' || who === EVERY || (who?.includes(role as Exclude<OperatorRole, 'admin'>) ?? false);
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
