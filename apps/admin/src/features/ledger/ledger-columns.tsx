import { Tag, Typography } from 'antd';
import { type BillType, billMemoText } from '@antique/shared';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { LedgerEntry } from './api';
import { formatDateTime } from '../../lib/format-datetime';
import { BillTypeTag } from './bill-type-tag';
import { Money } from '../../components/money';

const REF_LABELS: Record<string, string> = {
  order: '订单',
  withdrawal: '提现',
  lot: '拍品',
  delegation: '委托',
  deposit: '充值',
};

const change = (v: number) =>
  v === 0 ? <Typography.Text type="secondary">—</Typography.Text> : <Money fen={v} signed />;

/** The ledger's columns; `withMember` adds whose entry it is, for the global ledger. */
export function ledgerColumns({ withMember = false }: { withMember?: boolean } = {}): ColumnsType<LedgerEntry> {
  return [
    { title: '流水号', dataIndex: 'id', width: 90 },
    { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
    ...(withMember
      ? ([
          {
            title: '会员',
            dataIndex: 'memberId',
            width: 90,
            render: (id: number) => <Link to={`/members/${id}`}>#{id}</Link>,
          },
        ] satisfies ColumnsType<LedgerEntry>)
      : []),
    { title: '类型', dataIndex: 'type', width: 110, render: (v: BillType) => <BillTypeTag type={v} /> },
    { title: '可用余额变动', dataIndex: 'amount', align: 'right', render: change },
    { title: '冻结变动', dataIndex: 'frozenAmount', align: 'right', render: change },
    { title: '变动后可用', dataIndex: 'balanceAfter', align: 'right', render: (v: number) => <Money fen={v} /> },
    { title: '变动后冻结', dataIndex: 'frozenAfter', align: 'right', render: (v: number) => <Money fen={v} /> },
    {
      title: '关联',
      key: 'ref',
      width: 120,
      render: (_, b) => {
        if (!b.refType) return '—';
        const text = `${REF_LABELS[b.refType] ?? b.refType}${b.refId !== null ? ` #${b.refId}` : ''}`;
        return b.refType === 'order' && b.refId !== null ? <Link to={`/orders?open=${b.refId}`}>{text}</Link> : text;
      },
    },
    // What the member reads on their bill (finance's note to them, else the server's memo,
    // written out here) and under it finance's internal note, which the member never sees.
    // One column that wraps, so both stay in view on a narrow screen.
    {
      title: '会员看到的说明 / 内部备注',
      key: 'memo',
      minWidth: 200,
      render: (_, b) => (
        <div>
          <div data-testid="ledger-memo">{billMemoText(b) || '—'}</div>
          {b.internalNote ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 2 }}>
              <Tag color="orange" bordered={false} style={{ marginInlineEnd: 4, fontSize: 11, lineHeight: '16px' }}>
                内部备注
              </Tag>
              <span data-testid="ledger-internal-note">{b.internalNote}</span>
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
  ];
}
