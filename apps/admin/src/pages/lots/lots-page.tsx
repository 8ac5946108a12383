import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { labelOf, lotStatuses } from '@antique/shared';
import { useQueryClient } from '@tanstack/react-query';
import { DataTable } from '../../components/data-table/data-table';
import { type TableFilter, parseId, segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { type LotStatus, auctionQueries, cachedSession, useSessionOptions } from '../../features/auctions/api';
import { SessionSelect } from '../../features/auctions/session-select';
import { lotColumns } from './lot-columns';
import { LotFormModal } from './lot-form-modal';

/** Any session, searched on the server by its title. */
const sessionFilter: TableFilter<number | undefined> = {
  parse: parseId,
  format: (value) => (value === undefined ? undefined : String(value)),
  active: (value) => value !== undefined,
  render: ({ value, onChange }) => (
    <SessionSelect
      value={value}
      onChange={onChange}
      placeholder="全部场次（输入名称搜索）"
      width={300}
      testId="lot-session-filter"
    />
  ),
};

/** Status tabs and the session. */
const filters = {
  status: segmentedFilter<LotStatus | 'all'>({
    options: [
      { value: 'all', label: '全部' },
      ...lotStatuses.map((s) => ({ value: s, label: labelOf('lotConsole', s) })),
    ],
    defaultValue: 'all',
    testId: 'lot-status-filter',
  }),
  sessionId: sessionFilter,
};

export function LotsPage() {
  const queryClient = useQueryClient();
  const latest = useSessionOptions().data?.list ?? [];
  const table = useDataTable({
    filters,
    query: ({ status, sessionId }, paging) =>
      auctionQueries.lots({ status: status === 'all' ? undefined : status, sessionId, ...paging }),
  });
  // The filtered session may be older than the latest 50: name its lots from the search that found it.
  const chosen = table.values.sessionId === undefined ? undefined : cachedSession(queryClient, table.values.sessionId);
  const sessions = chosen && !latest.some((s) => s.id === chosen.id) ? [...latest, chosen] : latest;
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
        columns={lotColumns(sessions)}
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
