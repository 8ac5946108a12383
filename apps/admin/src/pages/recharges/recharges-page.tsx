import { rechargeChannels, rechargeStatuses } from '@antique/shared';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { DataTable, RefreshButton } from '../../components/data-table/data-table';
import {
  dateRangeFilter,
  parseOneOf,
  searchFilter,
  segmentedFilter,
  selectFilter,
} from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { ExportCsv } from '../../components/export-csv';
import { PageHeader } from '../../components/page-header';
import { canSeePage } from '../../features/access/roles';
import {
  type AdminRecharge,
  CHANNEL_LABELS,
  RECHARGE_STATUS_LABELS,
  type RechargeStatus,
  TRADE_STATE_LABELS,
  exportRecharges,
  paymentQueries,
  useRechargeRecheck,
} from '../../features/payments/api';
import { useCurrentOperator } from '../../features/session/current-operator';
import { errorText } from '../../lib/error-text';
import { rechargeColumns } from './recharge-columns';

const filters = {
  status: segmentedFilter<RechargeStatus | 'all'>({
    options: [
      { value: 'all', label: '全部' },
      ...rechargeStatuses.map((s) => ({ value: s, label: RECHARGE_STATUS_LABELS[s] })),
    ],
    defaultValue: 'all',
    testId: 'recharge-status-filter',
  }),
  channel: selectFilter({
    parse: parseOneOf(rechargeChannels),
    options: rechargeChannels.map((c) => ({ value: c, label: CHANNEL_LABELS[c] })),
    placeholder: '全部渠道',
    width: 140,
    testId: 'recharge-channel-filter',
  }),
  date: dateRangeFilter({ testId: 'recharge-date-filter' }),
  keyword: searchFilter({
    placeholder: '充值单号或渠道交易号',
    maxLength: 64,
    width: 280,
    testId: 'recharge-keyword-filter',
    below: true,
  }),
};

/**
 * Money in online: every recharge with its member, channel, state and the provider's
 * transaction id; a pending one can be asked about at the provider (a payment it reports is
 * credited as its notice would have been).
 */
export function RechargesPage() {
  const operator = useCurrentOperator();
  const { message, modal } = AntApp.useApp();
  const recheck = useRechargeRecheck();
  const [asking, setAsking] = useState<number | undefined>();
  const table = useDataTable({
    filters,
    query: ({ status, channel, date, keyword }, paging) =>
      paymentQueries.recharges({
        status: status === 'all' ? undefined : status,
        channel,
        keyword,
        from: date?.from,
        to: date?.to,
        ...paging,
      }),
  });

  const ask = async (row: AdminRecharge) => {
    setAsking(row.id);
    try {
      const { recharge, provider } = await recheck.mutateAsync(row.id);
      const paid = recharge.status === 'paid';
      void modal[paid ? 'success' : 'info']({
        title: `充值 ${row.no}：${TRADE_STATE_LABELS[provider.state]}`,
        content: `渠道返回：${provider.detail || '—'}。当前状态：${RECHARGE_STATUS_LABELS[recharge.status]}${
          recharge.providerTradeNo ? `，渠道交易号 ${recharge.providerTradeNo}` : ''
        }。`,
        okText: '知道了',
        okButtonProps: { 'data-testid': 'recharge-ask-ok' } as Record<string, string>,
      });
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setAsking(undefined);
    }
  };

  const { status, channel } = table.values;
  const scope = [
    status === 'all' ? '全部状态' : RECHARGE_STATUS_LABELS[status],
    channel ? CHANNEL_LABELS[channel] : '全部渠道',
  ].join('，');

  return (
    <>
      <PageHeader
        title="在线充值"
        subtitle="会员通过支付宝、微信支付的充值：仅凭渠道验签通过的通知（或向渠道查询的结果）入账，每笔渠道交易只入账一次"
        extra={
          <>
            <ExportCsv
              onDownload={(range, fileName) =>
                exportRecharges({ status: status === 'all' ? undefined : status, channel, ...range }, fileName)
              }
              baseName="在线充值"
              testId="export-recharges"
              scope={scope}
            />
            <RefreshButton table={table} />
          </>
        }
      />
      <DataTable
        table={table}
        columns={rechargeColumns({
          membersLinked: canSeePage(operator.role, 'members'),
          asking,
          onAsk: (row) => void ask(row),
        })}
        testId={(r) => `recharge-row-${r.id}`}
        scroll={{ x: 1320 }}
        clearable
        summary={(total) => `共 ${total} 笔`}
        emptyText={table.filtered ? '没有符合条件的充值' : '暂无在线充值'}
      />
    </>
  );
}
