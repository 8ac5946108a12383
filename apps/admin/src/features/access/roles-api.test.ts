import {
  accountsApi,
  auctionsApi,
  auditApi,
  catalogueApi,
  contentApi,
  custodyApi,
  dashboardApi,
  integrityApi,
  judgeApi,
  operatorsApi,
  ordersApi,
  settingsApi,
  verificationApi,
  walletApi,
  withdrawalsApi,
  paymentsApi,
  protectApi,
  type Endpoint,
  type OperatorRole,
} from '@antique/shared';
import { describe, expect, it } from 'vitest';
import { ACTION_ROLES, PAGE_ROLES, type ConsoleAction, type ConsolePage } from './roles';

/** The calls each page makes to show itself: a role shown the page must be allowed them all. */
const PAGE_CALLS: Record<ConsolePage, Endpoint[]> = {
  dashboard: [dashboardApi.get],
  members: [accountsApi.adminList, accountsApi.adminDetail],
  realname: [accountsApi.adminRealNameQueue, accountsApi.adminRealNameReview],
  sms: [verificationApi.adminSmsOutbox],
  audit: [auditApi.list],
  operators: [operatorsApi.list, operatorsApi.create, operatorsApi.update],
  reconcile: [walletApi.adminReconcile],
  categories: [catalogueApi.adminCategories, catalogueApi.adminCreateCategory],
  products: [
    catalogueApi.adminProducts,
    catalogueApi.adminProduct,
    catalogueApi.adminUpdateProduct,
    judgeApi.adminProductCondition,
    judgeApi.adminSaveProductCondition,
  ],
  banners: [catalogueApi.adminBanners, catalogueApi.adminCreateBanner],
  orders: [ordersApi.adminList, ordersApi.adminInfo],
  ledger: [walletApi.adminLedger],
  sessions: [auctionsApi.adminSessions, auctionsApi.adminCreateSession],
  lots: [auctionsApi.adminLots, auctionsApi.adminLot, judgeApi.adminLotCondition, judgeApi.adminSaveLotCondition],
  signals: [integrityApi.adminSignals, integrityApi.adminLotSignals, integrityApi.adminReviewSignals],
  questions: [judgeApi.adminQuestions, judgeApi.adminAnswerQuestion, judgeApi.adminHideQuestion],
  delegations: [custodyApi.adminDelegations, custodyApi.adminReviewDelegation],
  picks: [custodyApi.adminPicks, custodyApi.adminShip],
  holdings: [custodyApi.adminHoldings],
  notices: [contentApi.adminNotices, contentApi.adminCreateNotice],
  news: [contentApi.adminNews, contentApi.adminCreateNews],
  contact: [contentApi.adminContact, contentApi.adminUpdateContact],
  withdrawals: [
    withdrawalsApi.adminList,
    withdrawalsApi.adminApprove,
    withdrawalsApi.adminPaid,
    withdrawalsApi.adminTransfer,
  ],
  recharges: [paymentsApi.adminList, paymentsApi.adminRecheck, paymentsApi.adminExport],
  paymentNotices: [paymentsApi.adminNotices],
  // Everyone shown settings reads them; saving is the administrator's (the page is read-only for the rest).
  settings: [settingsApi.get],
  appVersion: [contentApi.adminAppVersion, contentApi.adminUpdateAppVersion],
  rules: [contentApi.adminRules, contentApi.adminRule, contentApi.adminUpdateRule],
  claims: [protectApi.adminClaims, protectApi.adminClaim],
};

const ACTION_CALLS: Record<ConsoleAction, Endpoint> = {
  'member.freeze': accountsApi.adminFreeze,
  'member.deposit': walletApi.adminDeposit,
  'ledger.view': walletApi.adminLedger,
  'realname.review': accountsApi.adminRealNameReview,
  'realname.reveal': accountsApi.adminRealNameReveal,
  'export.bills': walletApi.adminExportBills,
  'export.orders': ordersApi.adminExport,
  'export.withdrawals': withdrawalsApi.adminExport,
  'claim.decide': protectApi.adminDecideClaim,
  'lot.offer': protectApi.adminOfferLot,
};

const ROLES: readonly OperatorRole[] = ['admin', 'operator', 'finance', 'support'];
const serverAllows = (e: Endpoint, role: OperatorRole) => role === 'admin' || !e.roles || e.roles.includes(role);

describe('what the console shows each role, against what the server lets it do', () => {
  it('shows a page only to roles the server allows every call the page makes', () => {
    const refused = Object.entries(PAGE_CALLS).flatMap(([page, calls]) =>
      PAGE_ROLES[page as ConsolePage].flatMap((role) =>
        calls.filter((e) => !serverAllows(e, role)).map((e) => `${page}: ${role} gets 403 from ${e.method} ${e.path}`),
      ),
    );
    expect(refused).toEqual([]);
  });

  it('hides no page from a role the server allows its reading calls', () => {
    const hidden = Object.entries(PAGE_CALLS).flatMap(([page, calls]) =>
      ROLES.filter((role) => !PAGE_ROLES[page as ConsolePage].includes(role))
        .filter((role) => calls.every((e) => serverAllows(e, role)))
        .map((role) => `${page}: hidden from ${role}, whom the server allows`),
    );
    expect(hidden).toEqual([]);
  });

  it('offers an action to exactly the roles the server allows it', () => {
    for (const [action, call] of Object.entries(ACTION_CALLS)) {
      expect(ACTION_ROLES[action as ConsoleAction], action).toEqual(ROLES.filter((role) => serverAllows(call, role)));
    }
  });
});
