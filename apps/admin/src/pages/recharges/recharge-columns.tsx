import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Money } from '../../components/money';
import { MemberCell } from '../../features/custody/member-cell';
import {
  type AdminRecharge,
  CHANNEL_LABELS,
  RECHARGE_STATUS_COLORS,
  RECHARGE_STATUS_LABELS,
} from '../../features/payments/api';
import { formatDateTime } from '../../lib/format-datetime';

/** The recharges' columns; a pending row offers 向渠道查询 (the provider's trade query). */
export function rechargeColumns({
  membersLinked,
  asking,
  onAsk,
}: {
  membersLinked: boolean;
  /** The row whose query is in flight. */
  asking: number | undefined;
  onAsk: (row: AdminRecharge) => void;
}): ColumnsType<AdminRecharge> {
  return [
    {
      title: '充值单号',
      dataIndex: 'no',
      width: 220,
      render: (_, r) => (
        <Typography.Text copyable style={{ fontVariantNumeric: 'tabular-nums' }}>
          {r.no}
        </Typography.Text>
      ),
    },
    {
      title: '会员',
      key: 'member',
      width: 130,
      render: (_, r) => <MemberCell id={r.memberId} phone={r.memberPhone} linked={membersLinked} />,
    },
    { title: '金额', key: 'amount', width: 120, align: 'right', render: (_, r) => <Money fen={r.amount} strong /> },
    { title: '渠道', dataIndex: 'channel', width: 96, render: (_, r) => CHANNEL_LABELS[r.channel] ?? r.channel },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (_, r) => (
        <>
          <Tag color={RECHARGE_STATUS_COLORS[r.status]} data-testid={`recharge-status-${r.id}`}>
            {RECHARGE_STATUS_LABELS[r.status]}
          </Tag>
          {r.late ? (
            <Tooltip title="关闭后才收到渠道的付款通知：款项已照常入账，请留意核对">
              <Tag color="orange" data-testid={`recharge-late-${r.id}`}>
                关闭后到账
              </Tag>
            </Tooltip>
          ) : null}
          {r.orderId !== undefined ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              补足订单 #{r.orderId}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: '渠道交易号',
      dataIndex: 'providerTradeNo',
      width: 230,
      render: (_, r) =>
        r.providerTradeNo ? (
          <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid={`recharge-trade-no-${r.id}`}>
            {r.providerTradeNo}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: '时间',
      key: 'times',
      width: 210,
      render: (_, r) => (
        <div style={{ fontSize: 12, lineHeight: 1.7 }}>
          <div>发起 {formatDateTime(r.createdAt)}</div>
          {r.paidAt !== undefined ? <div>到账 {formatDateTime(r.paidAt)}</div> : null}
          {r.closedAt !== undefined ? <div>关闭 {formatDateTime(r.closedAt)}</div> : null}
          {r.status === 'pending' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              有效至 {formatDateTime(r.expiresAt)}
            </Typography.Text>
          ) : null}
          {r.queriedAt !== undefined ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              上次查询 {formatDateTime(r.queriedAt)}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' ? (
          <Button
            size="small"
            loading={asking === r.id}
            disabled={asking !== undefined && asking !== r.id}
            onClick={() => onAsk(r)}
            data-testid={`recharge-ask-${r.id}`}
          >
            向渠道查询
          </Button>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
}
