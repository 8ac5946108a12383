import { billTypes, labelOf } from '@antique/shared';
import { DataTable } from '../../components/data-table/data-table';
import { parseOneOf, selectFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { ledgerColumns } from '../../features/ledger/ledger-columns';
import { ledgerQueries } from '../../features/ledger/api';

const columns = ledgerColumns();
const filters = {
  type: selectFilter({
    parse: parseOneOf(billTypes),
    options: billTypes.map((t) => ({ value: t, label: labelOf('billType', t) })),
    placeholder: '全部类型',
    width: 160,
    testId: 'ledger-type-filter',
  }),
};

/** One member's bills on their page; the filter and page sit in the page's URL. */
export function LedgerCard({ memberId }: { memberId: number }) {
  const table = useDataTable({
    filters,
    defaultPageSize: 10,
    query: (values, paging) => ledgerQueries.list({ memberId, ...values, ...paging }),
  });
  const { type } = table.values;
  return (
    <DataTable
      table={table}
      card={{ title: '资金流水' }}
      filtersInCardExtra
      columns={columns}
      testId={() => 'ledger-row'}
      size="small"
      scroll={{ x: 960 }}
      emptyText={type ? `暂无「${labelOf('billType', type)}」流水` : '暂无资金流水'}
    />
  );
}
