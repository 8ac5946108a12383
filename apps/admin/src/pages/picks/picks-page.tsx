import { useState } from 'react';
import { labelOf, pickStatuses } from '@antique/shared';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { canSeePage } from '../../features/access/roles';
import { type AdminPick, type PickStatus, custodyQueries } from '../../features/custody/api';
import { useCurrentOperator } from '../../features/session/current-operator';
import { pickColumns } from './pick-columns';
import { ShipModal } from './ship-modal';

const filters = {
  status: segmentedFilter<PickStatus | 'all'>({
    options: [
      ...pickStatuses.map((s) => ({ value: s, label: labelOf('pickStatus', s) })),
      { value: 'all', label: '全部' },
    ],
    defaultValue: 'pending',
    testId: 'pick-status-filter',
  }),
};

export function PicksPage() {
  const operator = useCurrentOperator();
  const table = useDataTable({
    filters,
    query: ({ status }, paging) => custodyQueries.picks({ status: status === 'all' ? undefined : status, ...paging }),
  });
  const [shipping, setShipping] = useState<AdminPick | null>(null);
  return (
    <>
      <PageHeader
        title="提货发货"
        subtitle="会员申请把托管的藏品寄回：按地址打包发出后登记快递公司与运单号（待发货的最早申请在前）"
        extra={<RefreshButton table={table} />}
      />
      <DataTable
        table={table}
        columns={pickColumns({
          membersLinked: canSeePage(operator.role, 'members'),
          now: Date.now(),
          onShip: setShipping,
        })}
        testId={(p) => `pick-row-${p.id}`}
        scroll={{ x: 960 }}
        summary={(total) => `共 ${total} 单`}
        emptyText={table.values.status === 'pending' ? '没有待发货的提货单' : '暂无提货单'}
      />
      <ShipModal pick={shipping} onClose={() => setShipping(null)} />
    </>
  );
}
