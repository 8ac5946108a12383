import { billTypes, labelOf } from '@antique/shared';
import { useCurrentOperator } from '../../features/session/current-operator';
import { DataTable } from '../../components/data-table/data-table';
import { idSearchFilter, parseOneOf, selectFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { ExportCsv } from '../../components/export-csv';
import { ledgerColumns } from '../../features/ledger/ledger-columns';
import { PageHeader } from '../../components/page-header';
import { canDo } from '../../features/access/roles';
import { exportBills, ledgerQueries } from '../../features/ledger/api';

const columns = ledgerColumns({ withMember: true });
const filters = {
  memberId: idSearchFilter({ placeholder: '会员 ID', maxLength: 10, width: 240, testId: 'ledger-member-filter' }),
  type: selectFilter({
    parse: parseOneOf(billTypes),
    options: billTypes.map((t) => ({ value: t, label: labelOf('billType', t) })),
    placeholder: '全部类型',
    width: 180,
    testId: 'ledger-type-filter',
  }),
};

/** Every member's bills, newest first: what finance reads, filters and exports. */
export function LedgerPage() {
  const operator = useCurrentOperator();
  const table = useDataTable({ filters, query: (values, paging) => ledgerQueries.list({ ...values, ...paging }) });
  const { memberId, type } = table.values;
  const scope = [memberId ? `会员 #${memberId}` : '全部会员', type ? labelOf('billType', type) : '全部类型'].join('，');
  const exportButton = canDo(operator.role, 'export.bills') ? (
    <ExportCsv
      onDownload={(range, fileName) => exportBills({ memberId, type, ...range }, fileName)}
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
      <DataTable
        table={table}
        columns={columns}
        testId={(b) => `ledger-row-${b.id}`}
        size="middle"
        scroll={{ x: 960 }}
        summary={(total) => `共 ${total} 条`}
        emptyText={table.filtered ? '没有符合条件的流水' : '暂无资金流水'}
      />
    </>
  );
}
