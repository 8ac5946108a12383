import type { ReactNode } from 'react';
import {
  AuditOutlined,
  IdcardOutlined,
  MessageOutlined,
  ReconciliationOutlined,
  TeamOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { OperatorRole } from '@antique/shared';
import { type ConsolePage, canSeePage } from '../features/access/roles';

export interface NavItem {
  page: ConsolePage;
  path: string;
  label: string;
  icon: ReactNode;
  testId: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { page: 'members', path: '/members', label: '会员管理', icon: <TeamOutlined />, testId: 'nav-members' },
  { page: 'realname', path: '/realname', label: '实名审核', icon: <IdcardOutlined />, testId: 'nav-realname' },
  { page: 'sms', path: '/sms', label: '短信发件箱', icon: <MessageOutlined />, testId: 'nav-sms' },
  {
    page: 'reconcile',
    path: '/reconcile',
    label: '资金对账',
    icon: <ReconciliationOutlined />,
    testId: 'nav-reconcile',
  },
  { page: 'audit', path: '/audit', label: '审计日志', icon: <AuditOutlined />, testId: 'nav-audit' },
  { page: 'operators', path: '/operators', label: '账号与角色', icon: <UserSwitchOutlined />, testId: 'nav-operators' },
];

export function navItemsFor(role: OperatorRole): NavItem[] {
  return NAV_ITEMS.filter((item) => canSeePage(role, item.page));
}
