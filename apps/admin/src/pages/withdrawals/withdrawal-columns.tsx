import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Money } from '../../components/money';
import { MemberCell } from '../../features/custody/member-cell';
import {
  type AdminWithdrawal,
  WITHDRAWAL_STATUS_COLORS,
  WITHDRAWAL_STATUS_LABELS,
} from '../../features/withdrawals/api';
import { formatDateTime } from '../../lib/format-datetime';

export type WithdrawalAction = 'approve' | 'reject' | 'paid' | 'transfer';

/**
 * The queue's columns; a pending row offers 通过 and 驳回, an approved one 标记已打款 and 驳回,
 * and an approved one to an Alipay account also 支付宝转账 (Alipay's transfer API).
 */
export function withdrawalColumns({
  membersLinked,
  onAction,
}: {
  membersLinked: boolean;
  onAction: (row: AdminWithdrawal, action: WithdrawalAction) => void;
}): ColumnsType<AdminWithdrawal> {
  return [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: '会员',
      key: 'member',
      width: 130,
      render: (_, w) => <MemberCell id={w.memberId} phone={w.memberPhone} linked={membersLinked} />,
    },
    {
      title: '提现金额',
      key: 'amount',
      width: 130,
      align: 'right',
      render: (_, w) => <Money fen={w.amount} strong />,
    },
    {
      title: '手续费 / 实付',
      key: 'fee',
      width: 150,
      align: 'right',
      render: (_, w) => (
        <div>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            手续费 <Money fen={w.fee} />
          </Typography.Text>
          <Money fen={w.actualAmount} />
        </div>
      ),
    },
    {
      title: '收款账户',
      key: 'account',
      width: 240,
      render: (_, w) => (
        <div>
          <Typography.Text strong copyable={{ text: w.payee.name }}>
            {w.payee.name}
          </Typography.Text>
          {/* Bank and number on lines of their own: a branch's name and a 19-digit card stay inside the column. */}
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {w.method === 'bank' ? (w.bankName ?? '银行卡') : '支付宝'}
          </Typography.Text>
          <Typography.Text
            style={{ display: 'block', wordBreak: 'break-all' }}
            copyable={{ text: w.payee.accountNo.replace(/\s/g, '') }}
            data-testid={`withdrawal-account-${w.id}`}
          >
            {w.payee.accountNo}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 96,
      render: (_, w) => (
        <Tag color={WITHDRAWAL_STATUS_COLORS[w.status]} data-testid={`withdrawal-status-${w.id}`}>
          {WITHDRAWAL_STATUS_LABELS[w.status]}
        </Tag>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
    {
      title: '处理',
      key: 'processed',
      width: 220,
      render: (_, w) =>
        w.status === 'rejected' ? (
          <div>
            <Typography.Text type="danger">{w.rejectReason}</Typography.Text>
            {w.payout?.error ? (
              <Typography.Text
                type="secondary"
                style={{ display: 'block', fontSize: 12 }}
                data-testid={`withdrawal-payout-error-${w.id}`}
              >
                支付宝：{w.payout.error}
              </Typography.Text>
            ) : null}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {w.processedAt ? formatDateTime(w.processedAt) : ''}
            </Typography.Text>
          </div>
        ) : w.processedAt ? (
          <div>
            {formatDateTime(w.processedAt)}
            {w.payout?.ref ? (
              <Typography.Text
                type="secondary"
                style={{ display: 'block', fontSize: 12 }}
                copyable={{ text: w.payout.ref }}
                data-testid={`withdrawal-payout-ref-${w.id}`}
              >
                支付宝单号 {w.payout.ref}
              </Typography.Text>
            ) : null}
            {w.paidNote?.reference ? (
              <Typography.Text
                type="secondary"
                style={{ display: 'block', fontSize: 12 }}
                copyable={{ text: w.paidNote.reference }}
                data-testid={`withdrawal-paid-reference-${w.id}`}
              >
                流水号 {w.paidNote.reference}
              </Typography.Text>
            ) : null}
            {w.paidNote?.note ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                备注：{w.paidNote.note}
              </Typography.Text>
            ) : null}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_, w) =>
        w.status === 'pending' || w.status === 'approved' ? (
          <Space>
            {w.status === 'pending' ? (
              <Button
                type="primary"
                size="small"
                onClick={() => onAction(w, 'approve')}
                data-testid={`withdrawal-approve-${w.id}`}
              >
                通过
              </Button>
            ) : (
              <>
                {w.method === 'alipay' ? (
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => onAction(w, 'transfer')}
                    data-testid={`withdrawal-transfer-${w.id}`}
                  >
                    支付宝转账
                  </Button>
                ) : null}
                <Button
                  type={w.method === 'alipay' ? 'default' : 'primary'}
                  size="small"
                  onClick={() => onAction(w, 'paid')}
                  data-testid={`withdrawal-paid-${w.id}`}
                >
                  标记已打款
                </Button>
              </>
            )}
            <Button danger size="small" onClick={() => onAction(w, 'reject')} data-testid={`withdrawal-reject-${w.id}`}>
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
}
