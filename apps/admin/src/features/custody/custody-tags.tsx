import { Image, Space, Tag, Typography } from 'antd';
import { labelOf } from '@antique/shared';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import {
  type AdminHolding,
  DELEGATION_STATUS_COLORS,
  type DelegationStatus,
  HOLDING_STATUS_COLORS,
  PICK_STATUS_COLORS,
  type PickStatus,
} from './api';

export function DelegationStatusTag({ status }: { status: DelegationStatus }) {
  return <Tag color={DELEGATION_STATUS_COLORS[status]}>{labelOf('delegationReview', status)}</Tag>;
}

export function PickStatusTag({ status }: { status: PickStatus }) {
  return <Tag color={PICK_STATUS_COLORS[status]}>{labelOf('pickStatus', status)}</Tag>;
}

export function HoldingStatusTag({ status }: { status: AdminHolding['status'] }) {
  return <Tag color={HOLDING_STATUS_COLORS[status]}>{labelOf('holdingStatus', status)}</Tag>;
}

/** A piece as the queues show it: picture, title, where it came from and its number. */
export function PieceCell({
  piece,
  size = 48,
}: {
  piece: Pick<AdminHolding, 'id' | 'title' | 'cover' | 'source'>;
  size?: number;
}) {
  return (
    <Space align="start">
      <Image
        src={piece.cover}
        width={size}
        height={size}
        style={{ objectFit: 'cover', borderRadius: 4 }}
        fallback={IMAGE_FALLBACK}
      />
      <div style={{ minWidth: 0 }}>
        <Typography.Text style={{ display: 'block' }}>{piece.title}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          藏品 #{piece.id} · {labelOf('holdingSource', piece.source)}
        </Typography.Text>
      </div>
    </Space>
  );
}
