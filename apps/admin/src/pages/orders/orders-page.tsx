import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Image,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type OrderStatus, formatFen, orderSources, orderStatuses } from '@antique/shared';
import { useCurrentOperator } from '../../app/auth';
import { ExportCsv } from '../../components/export-csv';
import { IMAGE_FALLBACK } from '../../components/image-fields';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { SearchBox } from '../../components/search-box';
import { canDo, canSeePage } from '../../features/access/roles';
import {
  type AdminOrder,
  ORDER_SOURCE_LABELS,
  ORDER_STATUS_COLORS,
  ORDER_STATUS_LABELS,
  type OrderSource,
  useOrder,
  useOrders,
} from '../../features/orders/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

type Item = AdminOrder['items'][number];
type StatusFilter = OrderStatus | 'all';

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 10);

export function OrderStatusTag({ order, now = Date.now() }: { order: AdminOrder; now?: number }) {
  const tag = <Tag color={ORDER_STATUS_COLORS[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Tag>;
  if (order.status === 'cancelled' && order.cancelReason) {
    return <Tooltip title={`取消原因：${order.cancelReason}`}>{tag}</Tooltip>;
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

function MemberCell({ order, linked }: { order: AdminOrder; linked: boolean }) {
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

function ItemsTable({ order }: { order: AdminOrder }) {
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

function OrderDetail({ id, onClose, memberLinked }: { id: number | null; onClose: () => void; memberLinked: boolean }) {
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
              { key: 'source', label: '来源', children: ORDER_SOURCE_LABELS[o.source] },
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
              ...(o.cancelReason ? [{ key: 'cancel', label: '取消原因', span: 2, children: o.cancelReason }] : []),
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

export function OrdersPage() {
  const operator = useCurrentOperator();
  const { page, pageSize, filters, update, pageSizeOptions } = useSearchState([
    'status',
    'source',
    'keyword',
    'memberId',
    'open',
  ] as const);
  const status: StatusFilter = (orderStatuses as readonly string[]).includes(filters.status ?? '')
    ? (filters.status as OrderStatus)
    : 'all';
  const source = (orderSources as readonly string[]).includes(filters.source ?? '')
    ? (filters.source as OrderSource)
    : undefined;
  const keyword = filters.keyword;
  const memberId = Number(filters.memberId) > 0 ? Number(filters.memberId) : undefined;
  const openId = Number(filters.open) > 0 ? Number(filters.open) : null;
  const orders = useOrders({
    status: status === 'all' ? undefined : status,
    source,
    keyword,
    memberId,
    page,
    pageSize,
  });
  const memberLinked = canSeePage(operator.role, 'members');
  const now = Date.now();

  // Opening a detail keeps the list where it is.
  const open = (id: number | undefined) => update({ open: id, page: page === 1 ? undefined : page });

  const columns: ColumnsType<AdminOrder> = [
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
      render: (v: OrderSource) => <Tag color={v === 'auction' ? 'purple' : 'blue'}>{ORDER_SOURCE_LABELS[v]}</Tag>,
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
        <Button type="link" size="small" onClick={() => open(o.id)} data-testid={`order-open-${o.id}`}>
          详情
        </Button>
      ),
    },
  ];

  const exportButton = canDo(operator.role, 'export.orders') ? (
    <ExportCsv
      path="/export/orders"
      query={{ status: status === 'all' ? undefined : status }}
      baseName={status === 'all' ? '订单' : `订单-${ORDER_STATUS_LABELS[status]}`}
      testId="export-orders"
      scope={status === 'all' ? '全部状态' : ORDER_STATUS_LABELS[status]}
    />
  ) : null;

  const filtered = Boolean(status !== 'all' || source || keyword || memberId);
  return (
    <>
      <PageHeader title="订单" subtitle="商城与拍卖订单：状态、金额、支付期限与商品明细" extra={exportButton} />
      <Card>
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          <Flex justify="space-between" align="center" gap={16} wrap>
            <Segmented<StatusFilter>
              options={[
                { value: 'all', label: '全部' },
                ...orderStatuses.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
              ]}
              value={status}
              onChange={(value) => update({ status: value === 'all' ? undefined : value })}
              data-testid="order-status-filter"
            />
            <Typography.Text type="secondary">{orders.data ? `共 ${orders.data.total} 笔订单` : ''}</Typography.Text>
          </Flex>
          <Flex gap={12} wrap>
            <SearchBox
              value={keyword}
              onSearch={(value) => update({ keyword: value })}
              placeholder="订单号 / 会员手机号"
              maxLength={40}
              width={340}
              testId="order-search"
            />
            <SearchBox
              value={memberId ? String(memberId) : undefined}
              onSearch={(value) => update({ memberId: value })}
              placeholder="会员 ID"
              maxLength={10}
              width={200}
              sanitize={digitsOnly}
              buttonText="筛选"
              testId="order-member-filter"
            />
            <Select<OrderSource>
              allowClear
              placeholder="全部来源"
              style={{ width: 140 }}
              value={source}
              onChange={(value) => update({ source: value })}
              options={orderSources.map((s) => ({ value: s, label: ORDER_SOURCE_LABELS[s] }))}
              data-testid="order-source-filter"
            />
          </Flex>
        </Flex>
        {orders.isError && !orders.data ? (
          <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
        ) : (
          <>
            {orders.isError ? (
              <Alert
                type="warning"
                showIcon
                title={`刷新失败：${errorText(orders.error)}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Table<AdminOrder>
              rowKey="id"
              columns={columns}
              dataSource={orders.data?.list ?? []}
              loading={orders.isFetching}
              scroll={{ x: 1150 }}
              expandable={{ expandedRowRender: (o) => <ItemsTable order={o} /> }}
              onRow={(o) => rowTestId(`order-row-${o.id}`)}
              locale={{ emptyText: filtered ? '没有符合条件的订单' : '暂无订单' }}
              pagination={{
                current: page,
                pageSize,
                total: orders.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions,
                showTotal: (total) => `共 ${total} 条`,
                onChange: (nextPage, nextSize) =>
                  update(nextSize !== pageSize ? { pageSize: nextSize, page: 1 } : { page: nextPage }),
              }}
            />
          </>
        )}
      </Card>
      <OrderDetail id={openId} onClose={() => open(undefined)} memberLinked={memberLinked} />
    </>
  );
}
