import { Fragment, type ReactNode } from 'react';
import { Alert, Button, Card, type CardProps, Flex, Table, type TableProps, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { errorText } from '../../lib/error-text';
import { rowTestId } from '../../lib/row-test-id';
import { QueryError } from '../query-error';
import type { DataTableState } from './use-data-table';

type PassedTableProps<R> = Pick<TableProps<R>, 'size' | 'scroll' | 'expandable' | 'rowKey'>;

interface Props<R> extends PassedTableProps<R> {
  table: DataTableState<R>;
  columns: ColumnsType<R>;
  /** Each row's data-testid. */
  testId: (row: R) => string;
  emptyText: ReactNode;
  /** Right of the filters once rows have come: 「共 12 条」. */
  summary?: (total: number) => ReactNode;
  /** Right of the filters instead of the summary. */
  toolbarEnd?: ReactNode;
  /** A 「清除筛选」 button while some filter is set. */
  clearable?: boolean;
  /** The rows as shown, when the page arranges them (a tree, an order). */
  rows?: readonly R[];
  /** The spinner; by default while fetching. */
  loading?: boolean;
  card?: Omit<CardProps, 'children' | 'extra'>;
  /** The filters in the card's title bar instead of above the table. */
  filtersInCardExtra?: boolean;
}

/** A console list: filters, the first load's error or a refresh's warning, the table and its pages. */
export function DataTable<R extends object>({
  table,
  columns,
  testId,
  emptyText,
  summary,
  toolbarEnd,
  clearable,
  rows,
  loading,
  card,
  filtersInCardExtra,
  rowKey = 'id',
  ...tableProps
}: Props<R>) {
  const { query } = table;
  const controls = (below: boolean) =>
    Object.entries(table.filters)
      .filter(([, filter]) => filter.render && Boolean(filter.below) === below)
      .map(([key, filter]) => (
        <Fragment key={key}>
          {filter.render?.({ value: table.values[key], onChange: (value) => table.setFilters({ [key]: value }) })}
        </Fragment>
      ));
  const top = controls(false);
  const below = controls(true);
  const clear =
    clearable && table.filtered ? (
      <Button
        onClick={() =>
          table.setFilters(
            Object.fromEntries(
              Object.entries(table.filters)
                .filter(([, filter]) => filter.render)
                .map(([key]) => [key, undefined]),
            ),
          )
        }
      >
        清除筛选
      </Button>
    ) : null;
  const end =
    toolbarEnd ??
    (summary ? (
      <Typography.Text type="secondary">{table.total !== undefined ? summary(table.total) : ''}</Typography.Text>
    ) : null);

  const firstLine = (
    <Flex justify="space-between" align="center" gap={16} wrap>
      <Flex gap={12} wrap align="center">
        {top}
        {clear}
      </Flex>
      {end}
    </Flex>
  );
  const toolbar =
    filtersInCardExtra || (top.length === 0 && !end && !clear) ? null : below.length > 0 ? (
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {firstLine}
        <Flex gap={12} wrap>
          {below}
        </Flex>
      </Flex>
    ) : (
      <div style={{ marginBottom: 16 }}>{firstLine}</div>
    );

  return (
    <Card {...card} extra={filtersInCardExtra ? top : undefined}>
      {toolbar}
      {query.isError && !query.data ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.isError ? (
            <Alert type="warning" showIcon title={`刷新失败：${errorText(query.error)}`} style={{ marginBottom: 12 }} />
          ) : null}
          <Table<R>
            {...tableProps}
            rowKey={rowKey}
            columns={columns}
            dataSource={rows ?? table.rows}
            loading={loading ?? query.isFetching}
            locale={{ emptyText }}
            onRow={(row) => rowTestId(testId(row))}
            pagination={
              table.paged
                ? {
                    current: table.page,
                    pageSize: table.pageSize,
                    total: table.total ?? 0,
                    showSizeChanger: true,
                    pageSizeOptions: table.pageSizeOptions,
                    showTotal: (total) => `共 ${total} 条`,
                    onChange: table.changePage,
                  }
                : false
            }
          />
        </>
      )}
    </Card>
  );
}

/** 「刷新」 for a list that changes under the operator (a queue, payments): reads the page again. */
export function RefreshButton({ table }: { table: Pick<DataTableState<unknown>, 'query'> }) {
  return (
    <Button onClick={() => void table.query.refetch()} loading={table.query.isFetching}>
      刷新
    </Button>
  );
}
