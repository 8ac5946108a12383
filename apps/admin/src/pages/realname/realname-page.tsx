import { useState } from 'react';
import { type RealNameStatus, labelOf, realNameStatuses } from '@antique/shared';
import { useCurrentOperator } from '../../features/session/current-operator';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import { segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { canDo } from '../../features/access/roles';
import { realNameQueries } from '../../features/realname/api';
import { realNameColumns } from './realname-columns';
import { type Decision, ReviewModal } from './review-modal';

const filters = {
  status: segmentedFilter<RealNameStatus | 'all'>({
    options: [
      ...(['pending', 'verified', 'rejected'] as const).map((s) => ({ value: s, label: labelOf('realNameReview', s) })),
      { value: 'all', label: '全部' },
    ],
    defaultValue: 'pending',
    alsoAccept: realNameStatuses,
    testId: 'realname-status-filter',
  }),
};

export function RealNamePage() {
  const operator = useCurrentOperator();
  const table = useDataTable({
    filters,
    defaultPageSize: 10,
    query: ({ status }, paging) => realNameQueries.queue({ status: status === 'all' ? undefined : status, ...paging }),
  });
  const [decision, setDecision] = useState<Decision>(null);
  const columns = realNameColumns({
    mayReview: canDo(operator.role, 'realname.review'),
    mayReveal: canDo(operator.role, 'realname.reveal'),
    onReview: (row, approve) => setDecision({ row, approve }),
  });
  return (
    <>
      <PageHeader
        title="实名审核"
        subtitle="点「查看完整信息」后核对证件照片与填写的姓名、身份证号是否一致（每次查看记入操作日志）；证件照链接短时有效，过期请刷新"
        extra={<RefreshButton table={table} />}
      />
      <DataTable
        table={table}
        columns={columns}
        rowKey="memberId"
        testId={(r) => `realname-row-${r.memberId}`}
        scroll={{ x: 1300 }}
        summary={(total) => `共 ${total} 条`}
        emptyText={table.values.status === 'pending' ? '没有待审核的实名申请' : '暂无记录'}
      />
      <ReviewModal
        decision={decision}
        mayReveal={canDo(operator.role, 'realname.reveal')}
        onClose={() => setDecision(null)}
      />
    </>
  );
}
