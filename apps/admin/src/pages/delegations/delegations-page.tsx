import { useState } from 'react';
import { delegationStatuses, labelOf } from '@antique/shared';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { canSeePage } from '../../features/access/roles';
import { type DelegationStatus, custodyQueries } from '../../features/custody/api';
import { useCurrentOperator } from '../../features/session/current-operator';
import { delegationColumns } from './delegation-columns';
import { type Review, ReviewDelegationModal } from './review-delegation-modal';

const filters = {
  status: segmentedFilter<DelegationStatus | 'all'>({
    options: [
      ...delegationStatuses.map((s) => ({ value: s, label: labelOf('delegationReview', s) })),
      { value: 'all', label: '全部' },
    ],
    defaultValue: 'pending',
    testId: 'delegation-status-filter',
  }),
};

export function DelegationsPage() {
  const operator = useCurrentOperator();
  const table = useDataTable({
    filters,
    query: ({ status }, paging) =>
      custodyQueries.delegations({ status: status === 'all' ? undefined : status, ...paging }),
  });
  const [review, setReview] = useState<Review>(null);
  return (
    <>
      <PageHeader
        title="委托审核"
        subtitle="会员把托管中的藏品委托上拍：通过时定起拍价与拍卖时间，或说明原因驳回（待审核的最早提交的在前）"
        extra={<RefreshButton table={table} />}
      />
      <DataTable
        table={table}
        columns={delegationColumns({
          membersLinked: canSeePage(operator.role, 'members'),
          onReview: (row, approve) => setReview({ row, approve }),
        })}
        testId={(d) => `delegation-row-${d.id}`}
        scroll={{ x: 960 }}
        summary={(total) => `共 ${total} 条`}
        emptyText={table.values.status === 'pending' ? '没有待审核的委托' : '暂无委托'}
      />
      <ReviewDelegationModal review={review} onClose={() => setReview(null)} />
    </>
  );
}
