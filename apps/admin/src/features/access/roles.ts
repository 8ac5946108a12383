import type { OperatorRole } from '@antique/shared';

export const ROLE_COLORS: Record<OperatorRole, string> = {
  admin: 'red',
  operator: 'blue',
  finance: 'gold',
  support: 'green',
};

/** What each role is for, as PRODUCT.md "Operators" and the operators' page state it. */
export const ROLE_DUTIES: Record<OperatorRole, string[]> = {
  admin: ['全部功能', '运营账号与角色管理', '审计日志'],
  operator: ['商品目录', '拍卖场次与拍品', '委托拍卖审核', '内容（公告、资讯、规则、轮播图）'],
  finance: ['线下充值入账', '提现审核与打款', '资金流水', '对账'],
  support: ['会员管理', '实名认证审核', '提货发货', '短信发件箱'],
};

export type ConsolePage =
  | 'members'
  | 'realname'
  | 'sms'
  | 'audit'
  | 'operators'
  | 'reconcile'
  | 'categories'
  | 'products'
  | 'banners'
  | 'orders'
  | 'ledger'
  | 'sessions'
  | 'lots'
  | 'signals'
  | 'questions'
  | 'delegations'
  | 'picks'
  | 'holdings'
  | 'notices'
  | 'news'
  | 'contact'
  | 'withdrawals'
  | 'settings'
  | 'dashboard'
  | 'appVersion'
  | 'rules'
  | 'recharges'
  | 'claims'
  | 'paymentNotices';

export const PAGE_ROLES: Record<ConsolePage, readonly OperatorRole[]> = {
  members: ['admin', 'finance', 'support'],
  realname: ['admin', 'support'],
  sms: ['admin', 'support'],
  audit: ['admin'],
  operators: ['admin'],
  reconcile: ['admin', 'finance'],
  categories: ['admin', 'operator'],
  products: ['admin', 'operator'],
  banners: ['admin', 'operator'],
  orders: ['admin', 'operator', 'finance', 'support'],
  ledger: ['admin', 'finance'],
  // PRODUCT.md "Operators": auctions and consignments are the operator's, pick-ups support's alone.
  sessions: ['admin', 'operator'],
  lots: ['admin', 'operator'],
  // The house watching its own auctions: the auction operators', who can void a bid or withdraw a lot.
  signals: ['admin', 'operator'],
  // Members' questions on lots: answered by those who run the auctions (issue 18).
  questions: ['admin', 'operator'],
  delegations: ['admin', 'operator'],
  picks: ['admin', 'support'],
  holdings: ['admin', 'operator', 'support'],
  notices: ['admin', 'operator'],
  news: ['admin', 'operator'],
  contact: ['admin', 'operator'],
  withdrawals: ['admin', 'finance'],
  // Read by those whose work the numbers shape; changed by the administrator only (the API refuses support).
  settings: ['admin', 'operator', 'finance'],
  // Every role starts the day here; the figures link only to the pages the role may open.
  dashboard: ['admin', 'operator', 'finance', 'support'],
  // PRODUCT.md "Content": the app-version policy is edited with the content.
  appVersion: ['admin', 'operator'],
  rules: ['admin', 'operator'],
  // The guarantee's claims: finance decides (money moves back), support reads them to answer members.
  claims: ['admin', 'finance', 'support'],
  // Money in online is finance's, as the ledger is.
  recharges: ['admin', 'finance'],
  paymentNotices: ['admin', 'finance'],
};

export type ConsoleAction =
  | 'member.freeze'
  | 'member.deposit'
  | 'ledger.view'
  | 'realname.review'
  | 'realname.reveal'
  | 'export.bills'
  | 'export.orders'
  | 'export.withdrawals'
  | 'claim.decide'
  | 'lot.offer';

export const ACTION_ROLES: Record<ConsoleAction, readonly OperatorRole[]> = {
  'member.freeze': ['admin', 'support'],
  'member.deposit': ['admin', 'finance'],
  // Money is finance's (PRODUCT.md "Operators"): support sees a member, not their ledger.
  'ledger.view': ['admin', 'finance'],
  'realname.review': ['admin', 'support'],
  // The reviewer sees the full name and ID number to compare with the photos (each reveal audited).
  'realname.reveal': ['admin', 'support'],
  // CSV exports carry every member's money movements: finance's, as the ledger page is.
  'export.bills': ['admin', 'finance'],
  'export.orders': ['admin', 'finance'],
  'export.withdrawals': ['admin', 'finance'],
  'claim.decide': ['admin', 'finance'],
  // A second-chance offer is auctions' work.
  'lot.offer': ['admin', 'operator'],
};

export function canSeePage(role: OperatorRole | undefined, page: ConsolePage): boolean {
  return role !== undefined && PAGE_ROLES[page].includes(role);
}

/** Hides what the role may not do; the server still checks every call. */
export function canDo(role: OperatorRole | undefined, action: ConsoleAction): boolean {
  return role !== undefined && ACTION_ROLES[action].includes(role);
}
