import { Tag } from 'antd';
import { labelOf } from '@antique/shared';
import { LOT_STATUS_COLORS, type LotStatus } from './api';

export function LotStatusTag({ status }: { status: LotStatus }) {
  return (
    <Tag color={LOT_STATUS_COLORS[status]} data-testid="lot-status">
      {labelOf('lotConsole', status)}
    </Tag>
  );
}
