import { cancelReasonText, labelOf } from '@antique/shared';
import { Descriptions, Drawer, Image, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { type AdminOrder, ORDER_STATUS_COLORS, useOrder } from '../../features/orders/api';
import { formatDateTime } from '../../lib/format-datetime';

type Item = AdminOrder['items'][number];

export function OrderStatusTag({ order, now = Date.now() }: { order: AdminOrder; now?: number }) {
  const tag = <Tag color={ORDER_STATUS_COLORS[order.status]}>{labelOf('orderStatus', order.status)}</Tag>;
  if (order.status === 'cancelled' && order.cancelReason) {
    return <Tooltip title={`取消原因：${cancelReasonText(order.cancelReason)}`}>{tag}</Tooltip>;
  }
  if (order.status === 'pending' && order.expiresAt <= now) {
    return (
      <Tooltip title="已过支付期限，等待系统关闭">
        <Space size={0}>
          {tag}
          <Tag color="red">已超时</Tag>
        </Space>
      </Tooltip>
    );
  }
  return tag;
}

export function MemberCell({ order, linked }: { order: AdminOrder; linked: boolean }) {
  const label = `#${order.memberId}`;
  return (
    <div>
      {linked ? <Link to={`/members/${order.memberId}`}>{label}</Link> : label}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {order.memberPhone}
      </Typography.Text>
    </div>
  );
}

const itemColumns: ColumnsType<Item> = [
  {
    title: '商品',
    key: 'title',
    render: (_, i) => (
      <Space>
        <Image
          src={i.cover}
          width={40}
          height={40}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          fallback={IMAGE_FALLBACK}
        />
        <span>{i.title}</span>
      </Space>
    ),
  },
  { title: '单价', dataIndex: 'price', align: 'right', width: 130, render: (v: number) => <Money fen={v} /> },
  { title: '数量', dataIndex: 'quantity', align: 'right', width: 70 },
  {
    title: '小计',
    key: 'subtotal',
    align: 'right',
    width: 140,
    render: (_, i) => <Money fen={i.price * i.quantity} />,
  },
  {
    title: '藏品编号',
    dataIndex: 'holdingId',
    width: 100,
    render: (v: number | undefined) => (v ? `#${v}` : '—'),
  },
];

export function ItemsTable({ order }: { order: AdminOrder }) {
  return (
    <Table<Item>
      rowKey={(i) => `${i.productId}-${i.holdingId ?? ''}`}
      size="small"
      columns={itemColumns}
      dataSource={order.items}
      pagination={false}
    />
  );
}

export function OrderDetail({
  id,
  onClose,
  memberLinked,
}: {
  id: number | null;
  onClose: () => void;
  memberLinked: boolean;
}) {
  const order = useOrder(id);
  const o = order.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      title={o ? `订单 ${o.orderNo}` : '订单详情'}
      destroyOnHidden
    >
      {order.isError ? (
        <QueryError error={order.error} onRetry={() => void order.refetch()} />
      ) : !o ? (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      ) : (
        <div data-testid="order-detail">
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              {
                key: 'no',
                label: '订单号',
                children: <Typography.Text copyable>{o.orderNo}</Typography.Text>,
              },
              { key: 'status', label: '状态', children: <OrderStatusTag order={o} /> },
              { key: 'member', label: '会员', children: <MemberCell order={o} linked={memberLinked} /> },
              { key: 'source', label: '来源', children: labelOf('orderSource', o.source) },
              { key: 'created', label: '下单时间', children: formatDateTime(o.createdAt) },
              {
                key: 'paidOrExpires',
                label: o.status === 'paid' ? '支付时间' : '支付期限',
                children: formatDateTime(o.status === 'paid' ? o.paidAt : o.expiresAt),
              },
              { key: 'goods', label: '商品金额', children: <Money fen={o.goodsAmount} /> },
              { key: 'premium', label: '买家佣金', children: <Money fen={o.premium} /> },
              { key: 'deposit', label: '抵扣保证金', children: <Money fen={-o.depositApplied} /> },
              { key: 'amount', label: '应付金额', children: <Money fen={o.amount} strong /> },
              ...(o.cancelReason
                ? [{ key: 'cancel', label: '取消原因', span: 2, children: cancelReasonText(o.cancelReason) }]
                : []),
              { key: 'remark', label: '买家备注', span: 2, children: o.remark || '—' },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            商品明细
          </Typography.Title>
          <ItemsTable order={o} />
        </div>
      )}
    </Drawer>
  );
}
