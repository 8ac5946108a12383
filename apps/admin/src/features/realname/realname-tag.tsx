import { Tag } from 'antd';
import type { RealNameStatus } from '@antique/shared';
import { REALNAME_STATUS_COLORS, REALNAME_STATUS_LABELS } from './api';

export function RealNameTag({ status }: { status: RealNameStatus }) {
  return <Tag color={REALNAME_STATUS_COLORS[status]}>{REALNAME_STATUS_LABELS[status] ?? status}</Tag>;
}
