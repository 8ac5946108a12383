import { Tag } from 'antd';
import { LOT_STATUS_COLORS, LOT_STATUS_LABELS, type LotStatus } from './api';

export function LotStatusTag({ status }: { status: LotStatus }) {
  return (
    <Tag color={LOT_STATUS_COLORS[status]} data-testid="lot-status">
      {LOT_STATUS_LABELS[status]}
    </Tag>
  );
}
