import type { OperatorRole } from '@antique/shared';

/**
 * Who may make each operators' call, written out by hand from PRODUCT.md "Operators":
 * `admin` everything; `operator` catalogue, auctions, consignments, content; `finance`
 * deposits, withdrawals, ledger, reconciliation (and the exports, which carry money);
 * `support` members, real-name review, pick-ups, the SMS outbox. Lists name the roles
 * besides admin; `'every role'` is every signed-in operator. A call added to the contract
 * without a line here fails the first test, so every new call gets a decision.
 */
export const EVERY = 'every role' as const;
export const MATRIX: Record<string, readonly Exclude<OperatorRole, 'admin'>[] | typeof EVERY> = {
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
export const PUBLIC = new Set(['operators.login', 'operators.captcha']);

/** Whether `role` may make the operators' call `name` (by MATRIX). */
export function allowed(name: string, role: OperatorRole): boolean {
  const who = MATRIX[name];
  return role === 'admin' || who === EVERY || (who?.includes(role as Exclude<OperatorRole, 'admin'>) ?? false);
}
