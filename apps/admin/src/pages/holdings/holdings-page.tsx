import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { holdingStatuses, labelOf } from '@antique/shared';
import { DataTable } from '../../components/data-table/data-table';
import { searchFilter, segmentedFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { canSeePage } from '../../features/access/roles';
import { type AdminHolding, custodyQueries } from '../../features/custody/api';
import { HoldingStatusTag, PieceCell } from '../../features/custody/custody-tags';
import { MemberCell } from '../../features/custody/member-cell';
import { useCurrentOperator } from '../../features/session/current-operator';
import { formatDateTime } from '../../lib/format-datetime';
import { ownerFilter } from './owner-filter';

type HoldingStatus = AdminHolding['status'];

const filters = {
  status: segmentedFilter<HoldingStatus | 'all'>({
    options: [
      { value: 'all', label: '全部' },
      ...holdingStatuses.map((s) => ({ value: s, label: labelOf('holdingStatus', s) })),
    ],
    defaultValue: 'all',
    testId: 'holding-status-filter',
  }),
  keyword: searchFilter({ placeholder: '藏品名称', maxLength: 40, width: 300, testId: 'holding-search' }),
  ownerId: ownerFilter(),
};

function holdingColumns({
  membersLinked,
  ordersLinked,
}: {
  membersLinked: boolean;
  ordersLinked: boolean;
}): ColumnsType<AdminHolding> {
  return [
    { title: '藏品', key: 'piece', minWidth: 220, render: (_, h) => <PieceCell piece={h} /> },
    {
      title: '持有人',
      key: 'owner',
      width: 140,
      render: (_, h) =>
        h.ownerId === null ? (
          <Typography.Text>平台自有</Typography.Text>
        ) : (
          <MemberCell id={h.ownerId} phone={h.ownerPhone ?? ''} linked={membersLinked} />
        ),
    },
    { title: '状态', dataIndex: 'status', width: 100, render: (_, h) => <HoldingStatusTag status={h.status} /> },
    {
      title: '入库价',
      dataIndex: 'acquiredPrice',
      align: 'right',
      width: 120,
      // The house's own pieces came in at no price: a dash, not ¥0.00.
      render: (v: number, h) =>
        h.source === 'house' && v === 0 ? <Typography.Text type="secondary">—</Typography.Text> : <Money fen={v} />,
    },
    {
      title: '入库时间',
      dataIndex: 'acquiredAt',
      width: 110,
      render: (v: number) => {
        const [date, time] = formatDateTime(v).split(' ');
        return (
          <div>
            {date}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {time}
            </Typography.Text>
          </div>
        );
      },
    },
    {
      title: '订单',
      dataIndex: 'orderId',
      width: 100,
      render: (v: number | null) =>
        v === null ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : ordersLinked ? (
          <Link to={`/orders?open=${v}`}>#{v}</Link>
        ) : (
          `#${v}`
        ),
    },
    {
      title: '提货',
      key: 'pick',
      width: 180,
      render: (_, h) =>
        h.pick ? (
          <div>
            <span>提货单 #{h.pick.id}</span>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {h.pick.carrier ? `${h.pick.carrier} ${h.pick.trackingNo ?? ''}` : labelOf('pickStatus', 'pending')}
            </Typography.Text>
          </div>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];
}

export function HoldingsPage() {
  const operator = useCurrentOperator();
  const table = useDataTable({
    filters,
    query: ({ status, keyword, ownerId }, paging) =>
      custodyQueries.holdings({
        status: status === 'all' ? undefined : status,
        keyword,
        ownerId: ownerId === undefined ? undefined : String(ownerId),
        ...paging,
      }),
  });
  return (
    <>
      <PageHeader title="托管藏品" subtitle="平台保管的每一件实物：持有人、状态、来源订单与提货进度" />
      <DataTable
        table={table}
        columns={holdingColumns({
          membersLinked: canSeePage(operator.role, 'members'),
          ordersLinked: canSeePage(operator.role, 'orders'),
        })}
        testId={(h) => `holding-row-${h.id}`}
        scroll={{ x: 980 }}
        clearable
        summary={(total) => `共 ${total} 件`}
        emptyText={table.filtered ? '没有符合条件的藏品' : '暂无托管藏品'}
      />
    </>
  );
}
