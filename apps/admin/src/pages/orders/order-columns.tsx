import { Button, Image, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatFen, labelOf } from '@antique/shared';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { Money } from '../../components/money';
import { type AdminOrder, type OrderSource } from '../../features/orders/api';
import { formatDateTime } from '../../lib/format-datetime';
import { MemberCell, OrderStatusTag } from './order-detail';

/** The orders' columns; `memberLinked` when the role may open the member's page. */
export function orderColumns({
  memberLinked,
  now,
  onOpen,
}: {
  memberLinked: boolean;
  now: number;
  onOpen: (id: number) => void;
}): ColumnsType<AdminOrder> {
  return [
    {
      title: '订单号',
      key: 'orderNo',
      width: 220,
      render: (_, o) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text
            copyable={{ text: o.orderNo }}
            style={{ fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 13 }}
          >
            {o.orderNo}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {formatDateTime(o.createdAt)}
          </Typography.Text>
        </div>
      ),
    },
    { title: '会员', key: 'member', width: 110, render: (_, o) => <MemberCell order={o} linked={memberLinked} /> },
    {
      title: '来源',
      dataIndex: 'source',
      width: 72,
      render: (v: OrderSource) => <Tag color={v === 'auction' ? 'purple' : 'blue'}>{labelOf('orderSource', v)}</Tag>,
    },
    {
      title: '商品',
      key: 'items',
      minWidth: 220,
      render: (_, o) => {
        const first = o.items[0];
        if (!first) return '—';
        const count = o.items.reduce((n, i) => n + i.quantity, 0);
        return (
          <Space>
            <Image
              src={first.cover}
              width={40}
              height={40}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              fallback={IMAGE_FALLBACK}
            />
            <div style={{ minWidth: 0 }}>
              <Typography.Text ellipsis style={{ maxWidth: 220, display: 'block' }}>
                {first.title}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {o.items.length > 1 ? `等 ${o.items.length} 种，共 ${count} 件` : `× ${first.quantity}`}
              </Typography.Text>
            </div>
          </Space>
        );
      },
    },
    {
      title: '金额',
      key: 'amount',
      align: 'right',
      width: 170,
      render: (_, o) => (
        <div>
          <Money fen={o.amount} strong />
          {o.premium !== 0 || o.depositApplied !== 0 || o.goodsAmount !== o.amount ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}>
              商品 {formatFen(o.goodsAmount)}
              {o.premium ? ` + 佣金 ${formatFen(o.premium)}` : ''}
              {o.depositApplied ? ` − 保证金 ${formatFen(o.depositApplied)}` : ''}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 120,
      render: (_, o) => <OrderStatusTag order={o} now={now} />,
    },
    {
      title: '支付时间 / 期限',
      key: 'time',
      width: 170,
      render: (_, o) =>
        o.status === 'paid' ? (
          <span>{formatDateTime(o.paidAt)}</span>
        ) : o.status === 'pending' ? (
          <div>
            <Typography.Text type={o.expiresAt <= now ? 'danger' : 'warning'}>
              {formatDateTime(o.expiresAt)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {o.expiresAt <= now ? '已过支付期限' : '支付截止'}
            </Typography.Text>
          </div>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 72,
      fixed: 'right',
      render: (_, o) => (
        <Button type="link" size="small" onClick={() => onOpen(o.id)} data-testid={`order-open-${o.id}`}>
          详情
        </Button>
      ),
    },
  ];
}
