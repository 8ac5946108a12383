import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prefetchHomeLots, prefetchLot } from '../features/auctions/auction.api';
import { prefetchHome, prefetchMall, prefetchProduct } from '../features/mall/first-page.prefetch';
import type { Messages } from '../lib/locales/zh-hans.locale';
import { HOME_PATH, LOGIN_PATH, MY_PATH, routePaths } from '../lib/route-paths';

export type PageModule = { default: ComponentType };
export type TabName = 'home' | 'category' | 'my';

export interface PageRoute {
  /** The specification's path: /pages/<name>/<name>. */
  path: string;
  title: keyof Messages['routes'];
  /** Reachable without a token. */
  public?: boolean;
  /** A bottom-tab page: no back button, no transition. */
  tab?: TabName;
  /** The page component; a route without one shows the not-found page until its issue lands. */
  load?: () => Promise<PageModule>;
  /** Asks for the data the page shows first, to run beside `load` when the app opens on it. */
  prefetch?: (client: QueryClient, params: URLSearchParams) => void;
}

/** Every route of the specification, in its order. A later issue adds a page by adding `load`. */
export const pageRoutes: readonly PageRoute[] = [
  {
    path: HOME_PATH,
    title: 'index',
    tab: 'home',
    load: () => import('../pages/index/index.page'),
    // The home page shows the mall's shelves and the auctions' lots.
    prefetch: (client) => {
      prefetchHome(client);
      prefetchHomeLots(client);
    },
  },
  {
    path: routePaths.category,
    title: 'category',
    tab: 'category',
    load: () => import('../pages/category/category.page'),
  },
  { path: MY_PATH, title: 'my', tab: 'my', load: () => import('../pages/my/my.page') },
  { path: LOGIN_PATH, title: 'login', public: true, load: () => import('../pages/login/login.page') },
  {
    path: routePaths.register,
    title: 'register',
    public: true,
    load: () => import('../pages/register/register.page'),
  },
  {
    path: routePaths.forgotPassword,
    title: 'forgotPassword',
    public: true,
    load: () => import('../pages/forgot-password/forgot-password.page'),
  },
  { path: routePaths.rule, title: 'rule', public: true, load: () => import('../pages/rule/rule.page') },
  { path: routePaths.mall, title: 'mall', load: () => import('../pages/mall/mall.page'), prefetch: prefetchMall },
  {
    path: routePaths.product,
    title: 'product',
    load: () => import('../pages/product/product.page'),
    prefetch: prefetchProduct,
  },
  {
    path: routePaths.createOrder,
    title: 'createOrder',
    load: () => import('../pages/create-order/create-order.page'),
  },
  {
    path: routePaths.orderList,
    title: 'orderList',
    load: () => import('../pages/order-list/order-list.page'),
  },
  { path: routePaths.order, title: 'order', load: () => import('../pages/order/order.page') },
  {
    path: routePaths.auctionList,
    title: 'auctionList',
    load: () => import('../pages/auction-list/auction-list.page'),
  },
  { path: routePaths.lot, title: 'lot', load: () => import('../pages/auction/auction.page'), prefetch: prefetchLot },
  {
    path: routePaths.auctionMine,
    title: 'auctionMine',
    load: () => import('../pages/auction-mine/auction-mine.page'),
  },
  {
    path: routePaths.auctionSession,
    title: 'auctionSession',
    load: () => import('../pages/auction-session/auction-session.page'),
  },
  { path: routePaths.search, title: 'search', load: () => import('../pages/search/search.page') },
  {
    path: routePaths.auctionResults,
    title: 'auctionResults',
    load: () => import('../pages/auction-results/auction-results.page'),
  },
  {
    path: routePaths.savedSearchList,
    title: 'savedSearchList',
    load: () => import('../pages/saved-search-list/saved-search-list.page'),
  },
  {
    path: routePaths.userSetting,
    title: 'userSetting',
    load: () => import('../pages/user-setting/user-setting.page'),
  },
  { path: routePaths.realname, title: 'realname', load: () => import('../pages/realname/realname.page') },
  { path: routePaths.password, title: 'password', load: () => import('../pages/password/password.page') },
  {
    path: routePaths.tradePassword,
    title: 'tradePassword',
    load: () => import('../pages/trade-password/trade-password.page'),
  },
  { path: routePaths.invite, title: 'invite', load: () => import('../pages/invite/invite.page') },
  {
    path: routePaths.addressList,
    title: 'addressList',
    load: () => import('../pages/address-list/address-list.page'),
  },
  { path: routePaths.address, title: 'address', load: () => import('../pages/address/address.page') },
  {
    path: routePaths.noticeList,
    title: 'noticeList',
    load: () => import('../pages/notice-list/notice-list.page'),
  },
  { path: routePaths.notice, title: 'notice', load: () => import('../pages/notice/notice.page') },
  {
    path: routePaths.delegationList,
    title: 'delegationList',
    load: () => import('../pages/delegation-list/delegation-list.page'),
  },
  {
    path: routePaths.pickList,
    title: 'pickList',
    load: () => import('../pages/pick-list/pick-list.page'),
  },
  { path: routePaths.bill, title: 'bill', load: () => import('../pages/bill/bill.page') },
  { path: routePaths.team, title: 'team', load: () => import('../pages/team/team.page') },
  {
    path: routePaths.contactUs,
    title: 'contactUs',
    load: () => import('../pages/contact-us/contact-us.page'),
  },
  { path: routePaths.newsList, title: 'newsList', load: () => import('../pages/news-list/news-list.page') },
  { path: routePaths.news, title: 'news', load: () => import('../pages/news/news.page') },
  {
    path: routePaths.withdrawRecord,
    title: 'withdrawRecord',
    load: () => import('../pages/withdraw-record/withdraw-record.page'),
  },
  { path: routePaths.withdraw, title: 'withdraw', load: () => import('../pages/withdraw/withdraw.page') },
  { path: routePaths.recharge, title: 'recharge', load: () => import('../pages/recharge/recharge.page') },
  {
    path: routePaths.rechargeResult,
    title: 'rechargeResult',
    load: () => import('../pages/recharge-result/recharge-result.page'),
  },
  {
    path: routePaths.messageList,
    title: 'messageList',
    load: () => import('../pages/message-list/message-list.page'),
  },
  { path: routePaths.claim, title: 'claim', load: () => import('../pages/claim/claim.page') },
  { path: routePaths.claimList, title: 'claimList', load: () => import('../pages/claim-list/claim-list.page') },
  { path: routePaths.offerList, title: 'offerList', load: () => import('../pages/offer-list/offer-list.page') },
];

export const homeRoute = pageRoutes[0]!;

/** The route of a pathname; '/' is the home page's alias. */
export function findPageRoute(pathname: string): PageRoute | undefined {
  const path = pathname === '/' || pathname === '' ? HOME_PATH : pathname.replace(/\/+$/, '');
  return pageRoutes.find((route) => route.path === path);
}

export function isPublicPath(pathname: string): boolean {
  return findPageRoute(pathname)?.public === true;
}

/** Whether a route's page exists yet; one without shows not-found until its issue lands. */
export function hasPageAt(pathname: string): boolean {
  return findPageRoute(pathname)?.load !== undefined;
}

/** Starts fetching a route's code; resolves when it is in (or failed: the page's boundary reports that). */
export function loadPageAt(pathname: string): Promise<void> {
  const load = findPageRoute(pathname)?.load;
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/** When the app opens on a page: its code and, for a member, the data it shows first, side by side. */
export function startPageAt(pathname: string, search: string, client: QueryClient, member: boolean): void {
  void loadPageAt(pathname);
  const prefetch = findPageRoute(pathname)?.prefetch;
  if (member && prefetch) prefetch(client, new URLSearchParams(search));
}
