import { Typography } from 'antd';
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
    // The memo takes what width is left and wraps: it is where the bank reference lives.
    // The server's own memos are codes, written out here; an operator's remark shows as typed.
    { title: '备注', key: 'memo', minWidth: 180, render: (_, b) => billMemoText(b) || '—' },
  ];
}
