import type { ComponentType } from 'react';
import type { Messages } from '../lib/locales/zh-hans.locale';

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
}

export const HOME_PATH = '/pages/index/index';
export const LOGIN_PATH = '/pages/login/login';
export const MY_PATH = '/pages/my/my';

/** Every route of the specification, in its order. A later issue adds a page by adding `load`. */
export const pageRoutes: readonly PageRoute[] = [
  { path: HOME_PATH, title: 'index', tab: 'home', load: () => import('../pages/index/index.page') },
  {
    path: '/pages/category/category',
    title: 'category',
    tab: 'category',
    load: () => import('../pages/category/category.page'),
  },
  { path: MY_PATH, title: 'my', tab: 'my', load: () => import('../pages/my/my.page') },
  { path: LOGIN_PATH, title: 'login', public: true, load: () => import('../pages/login/login.page') },
  {
    path: '/pages/register/register',
    title: 'register',
    public: true,
    load: () => import('../pages/register/register.page'),
  },
  { path: '/pages/rule/rule', title: 'rule', public: true, load: () => import('../pages/rule/rule.page') },
  { path: '/pages/mall/mall', title: 'mall', load: () => import('../pages/mall/mall.page') },
  { path: '/pages/product/product', title: 'product', load: () => import('../pages/product/product.page') },
  {
    path: '/pages/create-order/create-order',
    title: 'createOrder',
    load: () => import('../pages/create-order/create-order.page'),
  },
  {
    path: '/pages/order-list/order-list',
    title: 'orderList',
    load: () => import('../pages/order-list/order-list.page'),
  },
  { path: '/pages/order/order', title: 'order', load: () => import('../pages/order/order.page') },
  { path: '/pages/auction-list/auction-list', title: 'auctionList' },
  {
    path: '/pages/user-setting/user-setting',
    title: 'userSetting',
    load: () => import('../pages/user-setting/user-setting.page'),
  },
  { path: '/pages/realname/realname', title: 'realname', load: () => import('../pages/realname/realname.page') },
  { path: '/pages/password/password', title: 'password', load: () => import('../pages/password/password.page') },
  {
    path: '/pages/trade-password/trade-password',
    title: 'tradePassword',
    load: () => import('../pages/trade-password/trade-password.page'),
  },
  { path: '/pages/invite/invite', title: 'invite' },
  {
    path: '/pages/address-list/address-list',
    title: 'addressList',
    load: () => import('../pages/address-list/address-list.page'),
  },
  { path: '/pages/address/address', title: 'address', load: () => import('../pages/address/address.page') },
  { path: '/pages/notice-list/notice-list', title: 'noticeList' },
  { path: '/pages/notice/notice', title: 'notice' },
  { path: '/pages/delegation-list/delegation-list', title: 'delegationList' },
  {
    path: '/pages/pick-list/pick-list',
    title: 'pickList',
    load: () => import('../pages/pick-list/pick-list.page'),
  },
  { path: '/pages/bill/bill', title: 'bill', load: () => import('../pages/bill/bill.page') },
  { path: '/pages/team/team', title: 'team' },
  { path: '/pages/contact-us/contact-us', title: 'contactUs' },
  { path: '/pages/news-list/news-list', title: 'newsList' },
  { path: '/pages/news/news', title: 'news' },
  { path: '/pages/withdraw-record/withdraw-record', title: 'withdrawRecord' },
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
