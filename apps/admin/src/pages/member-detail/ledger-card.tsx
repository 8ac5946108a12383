import { useState } from 'react';
import { Alert, Card, Select, Table } from 'antd';
import { type BillType, billTypes } from '@antique/shared';
import { ledgerColumns } from '../../components/ledger-columns';
import { QueryError } from '../../components/query-error';
import { BILL_TYPE_LABELS, type LedgerEntry, useLedger } from '../../features/ledger/api';
import { errorText } from '../../lib/error-text';
import { rowTestId } from '../../lib/row-test-id';

const columns = ledgerColumns();

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
