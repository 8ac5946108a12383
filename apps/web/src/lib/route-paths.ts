/**
 * Every route of the specification, /pages/<name>/<name>, keyed by the name its title has
 * under `routes.` in the locales. The one place such a path is written: it imports nothing,
 * so any layer can link to a page without pulling the router (and every page) in.
 */
export const routePaths = {
  index: '/pages/index/index',
  category: '/pages/category/category',
  my: '/pages/my/my',
  login: '/pages/login/login',
  register: '/pages/register/register',
  forgotPassword: '/pages/forgot-password/forgot-password',
  rule: '/pages/rule/rule',
  mall: '/pages/mall/mall',
  product: '/pages/product/product',
  createOrder: '/pages/create-order/create-order',
  orderList: '/pages/order-list/order-list',
  order: '/pages/order/order',
  auctionList: '/pages/auction-list/auction-list',
  lot: '/pages/auction/auction',
  auctionMine: '/pages/auction-mine/auction-mine',
  auctionSession: '/pages/auction-session/auction-session',
  search: '/pages/search/search',
  auctionResults: '/pages/auction-results/auction-results',
  savedSearchList: '/pages/saved-search-list/saved-search-list',
  userSetting: '/pages/user-setting/user-setting',
  realname: '/pages/realname/realname',
  password: '/pages/password/password',
  tradePassword: '/pages/trade-password/trade-password',
  invite: '/pages/invite/invite',
  addressList: '/pages/address-list/address-list',
  address: '/pages/address/address',
  noticeList: '/pages/notice-list/notice-list',
  notice: '/pages/notice/notice',
  delegationList: '/pages/delegation-list/delegation-list',
  pickList: '/pages/pick-list/pick-list',
  bill: '/pages/bill/bill',
  team: '/pages/team/team',
  contactUs: '/pages/contact-us/contact-us',
  newsList: '/pages/news-list/news-list',
  news: '/pages/news/news',
  withdrawRecord: '/pages/withdraw-record/withdraw-record',
  withdraw: '/pages/withdraw/withdraw',
  recharge: '/pages/recharge/recharge',
  rechargeResult: '/pages/recharge-result/recharge-result',
  messageList: '/pages/message-list/message-list',
  claim: '/pages/claim/claim',
  claimList: '/pages/claim-list/claim-list',
  offerList: '/pages/offer-list/offer-list',
} as const;

export type RouteName = keyof typeof routePaths;
export type RoutePath = (typeof routePaths)[RouteName];

export const HOME_PATH = routePaths.index;
export const LOGIN_PATH = routePaths.login;
export const MY_PATH = routePaths.my;

type QueryValue = string | number | undefined;

/** A route with its query: `pagePath('mall', { categoryId: 3 })` → `/pages/mall/mall?categoryId=3`. */
export function pagePath(name: RouteName, query: Record<string, QueryValue> = {}): string {
  const pairs = Object.entries(query)
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `${routePaths[name]}?${pairs.join('&')}` : routePaths[name];
}

/** An in-app target (a banner's link, a redirect), as opposed to an outside address. */
export function isPagePath(target: string): boolean {
  return target.startsWith('/pages/');
}

/** Where to go after signing in: only in-app pages, and never back to a sign-in page. */
export function safeRedirect(raw: string | undefined): string {
  if (!raw || !isPagePath(raw)) return MY_PATH;
  const path = raw.split('?')[0];
  return path === LOGIN_PATH || path === routePaths.register || path === routePaths.forgotPassword ? MY_PATH : raw;
}
