import { DataTable } from '../../components/data-table/data-table';
import { useDataTable } from '../../components/data-table/use-data-table';
import { JsonDiff } from '../../components/json-diff';
import { PageHeader } from '../../components/page-header';
import { auditQueries } from '../../features/audit/api';
import { auditColumns } from './audit-columns';
import { useAuditFilters } from './audit-filters';

export function AuditPage() {
  const table = useDataTable({
    filters: useAuditFilters(),
    query: (values, paging) => auditQueries.list({ ...values, ...paging }),
  });
  return (
    <>
      <PageHeader title="审计日志" subtitle="运营人员对数据的每一次修改：谁、何时、改了什么、修改前后的内容" />
      <DataTable
        table={table}
        columns={auditColumns}
        testId={() => 'audit-row'}
        size="middle"
        clearable
        expandable={{
          expandedRowRender: (r) => <JsonDiff before={r.before} after={r.after} />,
          rowExpandable: (r) => r.before != null || r.after != null,
        }}
        emptyText={table.filtered ? '没有符合筛选条件的记录' : '暂无审计记录'}
      />
    </>
  );
}
