import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  AlertOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CarOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GoldOutlined,
  CalendarOutlined,
  CloudDownloadOutlined,
  DashboardOutlined,
  InboxOutlined,
  IdcardOutlined,
  MessageOutlined,
  NotificationOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReconciliationOutlined,
  SettingOutlined,
  PayCircleOutlined,
  ShopOutlined,
  TeamOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { OperatorRole } from '@antique/shared';
import { type ConsolePage, canSeePage } from './roles';

export type NavGroup = 'overview' | 'members' | 'catalogue' | 'auctions' | 'money' | 'system';

export const NAV_GROUP_LABELS: Record<NavGroup, string> = {
  overview: '概览',
  members: '会员',
  catalogue: '商品与内容',
  auctions: '拍卖与托管',
  money: '交易与资金',
  system: '系统',
};

export interface NavItem {
  page: ConsolePage;
  group: NavGroup;
  path: string;
  label: string;
  icon: ReactNode;
  testId: string;
}

/** In menu order; every role sees the dashboard (工作台) first, at the console's home. */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    page: 'dashboard',
    group: 'overview',
    path: '/',
    label: '工作台',
    icon: <DashboardOutlined />,
    testId: 'nav-dashboard',
  },
  {
    page: 'members',
    group: 'members',
    path: '/members',
    label: '会员管理',
    icon: <TeamOutlined />,
    testId: 'nav-members',
  },
  {
    page: 'realname',
    group: 'members',
    path: '/realname',
    label: '实名审核',
    icon: <IdcardOutlined />,
    testId: 'nav-realname',
  },
  {
    page: 'products',
    group: 'catalogue',
    path: '/products',
    label: '商品管理',
    icon: <ShopOutlined />,
    testId: 'nav-products',
  },
  {
    page: 'categories',
    group: 'catalogue',
    path: '/categories',
    label: '商品分类',
    icon: <AppstoreOutlined />,
    testId: 'nav-categories',
  },
  {
    page: 'banners',
    group: 'catalogue',
    path: '/banners',
    label: '轮播图',
    icon: <PictureOutlined />,
    testId: 'nav-banners',
  },
  {
    page: 'notices',
    group: 'catalogue',
    path: '/notices',
    label: '公告',
    icon: <NotificationOutlined />,
    testId: 'nav-notices',
  },
  { page: 'news', group: 'catalogue', path: '/news', label: '资讯', icon: <ReadOutlined />, testId: 'nav-news' },
  {
    page: 'contact',
    group: 'catalogue',
    path: '/contact',
    label: '联系我们',
    icon: <PhoneOutlined />,
    testId: 'nav-contact',
  },
  { page: 'rules', group: 'catalogue', path: '/rules', label: '规则', icon: <FileTextOutlined />, testId: 'nav-rules' },
  {
    page: 'appVersion',
    group: 'catalogue',
    path: '/app-version',
    label: '版本更新',
    icon: <CloudDownloadOutlined />,
    testId: 'nav-app-version',
  },
  {
    page: 'sessions',
    group: 'auctions',
    path: '/auction-sessions',
    label: '拍卖场次',
    icon: <CalendarOutlined />,
    testId: 'nav-sessions',
  },
  { page: 'lots', group: 'auctions', path: '/lots', label: '拍品', icon: <GoldOutlined />, testId: 'nav-lots' },
  {
    page: 'signals',
    group: 'auctions',
    path: '/signals',
    label: '竞拍风控',
    icon: <AlertOutlined />,
    testId: 'nav-signals',
  },
  {
    page: 'questions',
    group: 'auctions',
    path: '/questions',
    label: '拍品问答',
    icon: <QuestionCircleOutlined />,
    testId: 'nav-questions',
  },
  {
    page: 'delegations',
    group: 'auctions',
    path: '/delegations',
    label: '委托审核',
    icon: <FileSearchOutlined />,
    testId: 'nav-delegations',
  },
  { page: 'picks', group: 'auctions', path: '/picks', label: '提货发货', icon: <CarOutlined />, testId: 'nav-picks' },
  {
    page: 'holdings',
    group: 'auctions',
    path: '/holdings',
    label: '托管藏品',
    icon: <InboxOutlined />,
    testId: 'nav-holdings',
  },
  { page: 'orders', group: 'money', path: '/orders', label: '订单', icon: <ProfileOutlined />, testId: 'nav-orders' },
  {
    page: 'ledger',
    group: 'money',
    path: '/ledger',
    label: '资金流水',
    icon: <AccountBookOutlined />,
    testId: 'nav-ledger',
  },
  {
    page: 'recharges',
    group: 'money',
    path: '/recharges',
    label: '在线充值',
    icon: <WalletOutlined />,
    testId: 'nav-recharges',
  },
  {
    page: 'paymentNotices',
    group: 'money',
    path: '/payment-notices',
    label: '渠道通知',
    icon: <AlertOutlined />,
    testId: 'nav-payment-notices',
  },
  {
    page: 'withdrawals',
    group: 'money',
    path: '/withdrawals',
    label: '提现审核',
    icon: <PayCircleOutlined />,
    testId: 'nav-withdrawals',
  },
  {
    page: 'claims',
    group: 'money',
    path: '/claims',
    label: '保障申请',
    icon: <SafetyCertificateOutlined />,
    testId: 'nav-claims',
  },
  {
    page: 'reconcile',
    group: 'money',
    path: '/reconcile',
    label: '资金对账',
    icon: <ReconciliationOutlined />,
    testId: 'nav-reconcile',
  },
  { page: 'sms', group: 'system', path: '/sms', label: '短信发件箱', icon: <MessageOutlined />, testId: 'nav-sms' },
  { page: 'audit', group: 'system', path: '/audit', label: '审计日志', icon: <AuditOutlined />, testId: 'nav-audit' },
  {
    page: 'operators',
    group: 'system',
    path: '/operators',
    label: '账号与角色',
    icon: <UserSwitchOutlined />,
    testId: 'nav-operators',
  },
  {
    page: 'settings',
    group: 'system',
    path: '/settings',
    label: '系统设置',
    icon: <SettingOutlined />,
    testId: 'nav-settings',
  },
];

export function navItemsFor(role: OperatorRole): NavItem[] {
  return NAV_ITEMS.filter((item) => canSeePage(role, item.page));
}

/** The role's items under their group headings, empty groups left out. */
export function navGroupsFor(role: OperatorRole): { group: NavGroup; label: string; items: NavItem[] }[] {
  const items = navItemsFor(role);
  return (Object.keys(NAV_GROUP_LABELS) as NavGroup[])
    .map((group) => ({ group, label: NAV_GROUP_LABELS[group], items: items.filter((i) => i.group === group) }))
    .filter((g) => g.items.length > 0);
}
