import { Image, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { Money } from '../../components/money';
import type { AdminLot, AuctionSession } from '../../features/auctions/api';
import { LotStatusTag } from '../../features/auctions/lot-status-tag';
import { formatDateTime } from '../../lib/format-datetime';

/** The lots' columns; `sessions` names each lot's session when it is among them. */
export function lotColumns(sessions: readonly AuctionSession[]): ColumnsType<AdminLot> {
  const sessionTitle = (id: number | null) =>
    id === null ? null : (sessions.find((s) => s.id === id)?.title ?? `场次 #${id}`);
  return [
    { title: 'ID', dataIndex: 'id', width: 56 },
    {
      title: '拍品',
      key: 'lot',
      minWidth: 220,
      render: (_, l) => (
        <Space align="start">
          <Image
            src={l.cover}
            width={56}
            height={56}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            fallback={IMAGE_FALLBACK}
          />
          <div style={{ minWidth: 0 }}>
            <Link to={`/lots/${l.id}`}>{l.title}</Link>
            <div style={{ marginTop: 2 }}>
              {l.consigned ? <Tag color="purple">委托 #{l.delegationId ?? '—'}</Tag> : <Tag>平台自有</Tag>}
              {sessionTitle(l.sessionId) ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {sessionTitle(l.sessionId)}
                </Typography.Text>
              ) : null}
            </div>
          </div>
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 100, render: (_, l) => <LotStatusTag status={l.status} /> },
    {
      title: '起拍价 / 当前价',
      key: 'price',
      align: 'right',
      width: 140,
      render: (_, l) => (
        <div>
          <Money fen={l.currentPrice} strong />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
            起拍 <Money fen={l.startPrice} />
          </Typography.Text>
        </div>
      ),
    },
    { title: '出价', dataIndex: 'bidCount', align: 'right', width: 64, render: (n: number) => `${n} 次` },
    {
      title: '保留价',
      key: 'reserve',
      width: 120,
      render: (_, l) =>
        l.reservePrice === null ? (
          <Typography.Text type="secondary">无</Typography.Text>
        ) : (
          <div>
            <Money fen={l.reservePrice} />
            <Typography.Text type={l.reserveMet ? 'success' : 'secondary'} style={{ display: 'block', fontSize: 12 }}>
              {l.reserveMet ? '已达保留价' : '未达保留价'}
            </Typography.Text>
          </div>
        ),
    },
    {
      title: '起止时间',
      key: 'time',
      width: 176,
      render: (_, l) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{formatDateTime(l.startsAt)}</div>
          <div>
            {formatDateTime(l.endsAt)}
            {l.endsAt > l.plannedEnd ? (
              <Tag color="orange" style={{ marginInlineStart: 4 }}>
                已延时
              </Tag>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, l) => (
        <Link to={`/lots/${l.id}`} data-testid={`lot-open-${l.id}`}>
          {l.status === 'live' ? '实时监控' : '详情'}
        </Link>
      ),
    },
  ];
}
