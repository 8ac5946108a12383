import { Tag } from 'antd';
import { type RealNameStatus, labelOf } from '@antique/shared';
import { REALNAME_STATUS_COLORS } from './api';

export function RealNameTag({ status }: { status: RealNameStatus }) {
  return <Tag color={REALNAME_STATUS_COLORS[status]}>{labelOf('realNameReview', status)}</Tag>;
}
