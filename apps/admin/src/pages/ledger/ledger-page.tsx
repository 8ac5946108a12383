import { Alert, Card, Flex, Select, Table, Typography } from 'antd';
import { type BillType, billTypes } from '@antique/shared';
import { useCurrentOperator } from '../../app/auth';
import { ExportCsv } from '../../components/export-csv';
import { ledgerColumns } from '../../components/ledger-columns';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { SearchBox } from '../../components/search-box';
import { canDo } from '../../features/access/roles';
import { BILL_TYPE_LABELS, type LedgerEntry, useLedger } from '../../features/ledger/api';
import { errorText } from '../../lib/error-text';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

const columns = ledgerColumns({ withMember: true });
const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 10);

/** Every member's bills, newest first: what finance reads, filters and exports. */
export function LedgerPage() {
  const operator = useCurrentOperator();
  const { page, pageSize, filters, update, pageSizeOptions } = useSearchState(['memberId', 'type'] as const);
  const memberId = Number(filters.memberId) > 0 ? Number(filters.memberId) : undefined;
  const type = (billTypes as readonly string[]).includes(filters.type ?? '') ? (filters.type as BillType) : undefined;
  const ledger = useLedger({ memberId, type, page, pageSize });

  const scope = [memberId ? `会员 #${memberId}` : '全部会员', type ? BILL_TYPE_LABELS[type] : '全部类型'].join('，');
  const exportButton = canDo(operator.role, 'export.bills') ? (
    <ExportCsv
      path="/export/bills"
      query={{ memberId, type }}
      baseName={memberId ? `资金流水-会员${memberId}` : '资金流水'}
      testId="export-bills"
      scope={scope}
    />
  ) : null;

  return (
    <>
      <PageHeader
        title="资金流水"
        subtitle="全部会员钱包的每一笔变动；流水只增不改，与钱包余额逐笔对应"
        extra={exportButton}
      />
      <Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16} wrap>
          <Flex gap={12} wrap>
            <SearchBox
              value={memberId ? String(memberId) : undefined}
              onSearch={(value) => update({ memberId: value })}
              placeholder="会员 ID"
              maxLength={10}
              width={240}
              sanitize={digitsOnly}
              buttonText="筛选"
              testId="ledger-member-filter"
            />
            <Select<BillType>
              allowClear
              placeholder="全部类型"
              style={{ width: 180 }}
              value={type}
              onChange={(value) => update({ type: value })}
              options={billTypes.map((t) => ({ value: t, label: BILL_TYPE_LABELS[t] }))}
              data-testid="ledger-type-filter"
            />
          </Flex>
          <Typography.Text type="secondary">{ledger.data ? `共 ${ledger.data.total} 条` : ''}</Typography.Text>
        </Flex>
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
              size="middle"
              columns={columns}
              dataSource={ledger.data?.list ?? []}
              loading={ledger.isFetching}
              scroll={{ x: 1120 }}
              locale={{ emptyText: memberId || type ? '没有符合条件的流水' : '暂无资金流水' }}
              onRow={(b) => rowTestId(`ledger-row-${b.id}`)}
              pagination={{
                current: page,
                pageSize,
                total: ledger.data?.total ?? 0,
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
    </>
  );
}
