import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { lotStatuses } from '@antique/shared';
import { DataTable } from '../../components/data-table/data-table';
import { parseId, segmentedFilter, selectFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import {
  LOT_STATUS_LABELS,
  type LotStatus,
  auctionQueries,
  sessionOptions,
  useSessionOptions,
} from '../../features/auctions/api';
import { lotColumns } from './lot-columns';
import { LotFormModal } from './lot-form-modal';

/** Status tabs and the session (its options load with the sessions). */
function useLotFilters() {
  const sessions = useSessionOptions();
  return {
    status: segmentedFilter<LotStatus | 'all'>({
      options: [
        { value: 'all', label: '全部' },
        ...lotStatuses.map((s) => ({ value: s, label: LOT_STATUS_LABELS[s] })),
      ],
      defaultValue: 'all',
      testId: 'lot-status-filter',
    }),
    sessionId: selectFilter({
      parse: parseId,
      options: sessionOptions(sessions.data?.list),
      placeholder: '全部场次',
      width: 260,
      searchable: true,
      loading: sessions.isPending,
      testId: 'lot-session-filter',
    }),
  };
}

export function LotsPage() {
  const sessions = useSessionOptions();
  const table = useDataTable({
    filters: useLotFilters(),
    query: ({ status, sessionId }, paging) =>
      auctionQueries.lots({ status: status === 'all' ? undefined : status, sessionId, ...paging }),
  });
  const [creating, setCreating] = useState(false);
  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="lot-create">
      新建平台拍品
    </Button>
  );
  return (
    <>
      <PageHeader
        title="拍品"
        subtitle="平台自有与会员委托的拍品：价格、出价、保留价与状态；点开查看实时出价"
        extra={create}
      />
      <DataTable
        table={table}
        columns={lotColumns(sessions.data?.list ?? [])}
        testId={(l) => `lot-row-${l.id}`}
        scroll={{ x: 1000 }}
        clearable
        summary={(total) => `共 ${total} 件拍品`}
        emptyText={table.filtered ? '没有符合条件的拍品' : '暂无拍品'}
      />
      <LotFormModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
