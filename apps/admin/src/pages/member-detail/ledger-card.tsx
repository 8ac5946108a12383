import { useState } from 'react';
import { Alert, Card, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type BillType, billTypes } from '@antique/shared';
import { BillTypeTag } from '../../components/bill-type-tag';
import { Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { BILL_TYPE_LABELS, type LedgerEntry, useLedger } from '../../features/ledger/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';

const REF_LABELS: Record<string, string> = {
  order: '订单',
  withdrawal: '提现',
  lot: '拍品',
  delegation: '委托',
  deposit: '充值',
};

const columns: ColumnsType<LedgerEntry> = [
  { title: '流水号', dataIndex: 'id', width: 90 },
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  { title: '类型', dataIndex: 'type', width: 110, render: (v: string) => <BillTypeTag type={v} /> },
  {
    title: '可用余额变动',
    dataIndex: 'amount',
    align: 'right',
    render: (v: number) => (v === 0 ? <Typography.Text type="secondary">—</Typography.Text> : <Money fen={v} signed />),
  },
  {
    title: '冻结变动',
    dataIndex: 'frozenAmount',
    align: 'right',
    render: (v: number) => (v === 0 ? <Typography.Text type="secondary">—</Typography.Text> : <Money fen={v} signed />),
  },
  { title: '变动后可用', dataIndex: 'balanceAfter', align: 'right', render: (v: number) => <Money fen={v} /> },
  { title: '变动后冻结', dataIndex: 'frozenAfter', align: 'right', render: (v: number) => <Money fen={v} /> },
  {
    title: '关联',
    key: 'ref',
    width: 120,
    render: (_, b) =>
      b.refType ? `${REF_LABELS[b.refType] ?? b.refType}${b.refId !== null ? ` #${b.refId}` : ''}` : '—',
  },
  // The remark takes what width is left and wraps: it is where the bank reference lives.
  { title: '备注', dataIndex: 'remark', minWidth: 180, render: (v: string) => v || '—' },
];

export function LedgerCard({ memberId }: { memberId: number }) {
  const [type, setType] = useState<BillType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const ledger = useLedger({ memberId, type, page, pageSize });

  return (
    <Card
      title="资金流水"
      extra={
        <Select<BillType>
          allowClear
          placeholder="全部类型"
          style={{ width: 160 }}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={billTypes.map((t) => ({ value: t, label: BILL_TYPE_LABELS[t] }))}
          data-testid="ledger-type-filter"
        />
      }
    >
      {ledger.isError && !ledger.data ? (
        <QueryError error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : (
        <>
          {ledger.isError ? (
            <Alert
              type="warning"
              showIcon
              title={`刷新失败：${errorText(ledger.error)}`}
              style={{ marginBottom: 12 }}
            />
          ) : null}
          <Table<LedgerEntry>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={ledger.data?.list ?? []}
            loading={ledger.isFetching}
            scroll={{ x: 1200 }}
            locale={{ emptyText: type ? `暂无「${BILL_TYPE_LABELS[type]}」流水` : '暂无资金流水' }}
            onRow={() => rowTestId('ledger-row')}
            pagination={{
              current: page,
              pageSize,
              total: ledger.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: ['10', '20', '50'],
              showTotal: (total) => `共 ${total} 条`,
              onChange: (nextPage, nextSize) => {
                setPage(nextSize !== pageSize ? 1 : nextPage);
                setPageSize(nextSize);
              },
            }}
          />
        </>
      )}
    </Card>
  );
}
