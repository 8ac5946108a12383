import { type OrderStatus, orderSources, orderStatuses, labelOf } from '@antique/shared';
import { useCurrentOperator } from '../../features/session/current-operator';
import { DataTable } from '../../components/data-table/data-table';
import {
  idParam,
  idSearchFilter,
  parseOneOf,
  searchFilter,
  segmentedFilter,
  selectFilter,
} from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { ExportCsv } from '../../components/export-csv';
import { PageHeader } from '../../components/page-header';
import { canDo, canSeePage } from '../../features/access/roles';
import { exportOrders, orderQueries } from '../../features/orders/api';
import { orderColumns } from './order-columns';
import { ItemsTable, OrderDetail } from './order-detail';

const filters = {
  status: segmentedFilter<OrderStatus | 'all'>({
    options: [
      { value: 'all', label: '全部' },
      ...orderStatuses.map((s) => ({ value: s, label: labelOf('orderStatus', s) })),
    ],
    defaultValue: 'all',
    testId: 'order-status-filter',
  }),
  keyword: searchFilter({
    placeholder: '订单号 / 会员手机号',
    maxLength: 40,
    width: 340,
    testId: 'order-search',
    below: true,
  }),
  memberId: idSearchFilter({
    placeholder: '会员 ID',
    maxLength: 10,
    width: 200,
    testId: 'order-member-filter',
    below: true,
  }),
  source: selectFilter({
    parse: parseOneOf(orderSources),
    options: orderSources.map((s) => ({ value: s, label: labelOf('orderSource', s) })),
    placeholder: '全部来源',
    width: 140,
    testId: 'order-source-filter',
    below: true,
  }),
  open: idParam(),
};

export function OrdersPage() {
  const operator = useCurrentOperator();
  const table = useDataTable({
    filters,
    query: ({ status, open: _open, ...rest }, paging) =>
      orderQueries.list({ status: status === 'all' ? undefined : status, ...rest, ...paging }),
  });
  const { status } = table.values;
  const memberLinked = canSeePage(operator.role, 'members');
  // Opening a detail keeps the list where it is.
  const open = (id: number | undefined) => table.setFilters({ open: id }, { keepPage: true });
  const exportButton = canDo(operator.role, 'export.orders') ? (
    <ExportCsv
      onDownload={(range, fileName) =>
        exportOrders({ status: status === 'all' ? undefined : status, ...range }, fileName)
      }
      baseName={status === 'all' ? '订单' : `订单-${labelOf('orderStatus', status)}`}
      testId="export-orders"
      scope={status === 'all' ? '全部状态' : labelOf('orderStatus', status)}
    />
  ) : null;

  return (
    <>
      <PageHeader title="订单" subtitle="商城与拍卖订单：状态、金额、支付期限与商品明细" extra={exportButton} />
      <DataTable
        table={table}
        columns={orderColumns({ memberLinked, now: Date.now(), onOpen: open })}
        testId={(o) => `order-row-${o.id}`}
        scroll={{ x: 1150 }}
        expandable={{ expandedRowRender: (o) => <ItemsTable order={o} /> }}
        summary={(total) => `共 ${total} 笔订单`}
        emptyText={table.filtered ? '没有符合条件的订单' : '暂无订单'}
      />
      <OrderDetail id={table.values.open ?? null} onClose={() => open(undefined)} memberLinked={memberLinked} />
    </>
  );
}
