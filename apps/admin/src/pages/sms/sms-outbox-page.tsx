import { useState } from 'react';
import { Space, Switch, Typography } from 'antd';
import { DataTable } from '../../components/data-table/data-table';
import { smsOutboxStatuses } from '@antique/shared';
import { parseOneOf, searchFilter, selectFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { SMS_STATUS_LABELS, smsQueries } from '../../features/sms/api';
import { formatTimeOfDay } from '../../lib/format-datetime';
import { smsOutboxColumns } from './sms-outbox-columns';

const filters = {
  phone: searchFilter({
    placeholder: '按手机号搜索',
    maxLength: 11,
    width: 320,
    sanitize: (text) => text.replace(/\D/g, ''),
    testId: 'sms-search',
  }),
  status: selectFilter({
    parse: parseOneOf(smsOutboxStatuses),
    options: smsOutboxStatuses.map((s) => ({ value: s, label: SMS_STATUS_LABELS[s] })),
    placeholder: '全部状态',
    width: 140,
    testId: 'sms-status-filter',
  }),
};

export function SmsOutboxPage() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const table = useDataTable({
    filters,
    query: (values, paging) => smsQueries.outbox({ ...values, ...paging }, autoRefresh),
  });
  const { phone, status } = table.values;
  const { dataUpdatedAt, isPending } = table.query;
  return (
    <>
      <PageHeader
        title="短信发件箱"
        subtitle="每条短信先记在这里，再交给短信服务商（未接入时只保存在此处）；服务商拒绝或超时的短信自动重试，最后一次仍失败即标为发送失败。请仅在核实来电会员身份后告知验证码"
      />
      <DataTable
        table={table}
        columns={smsOutboxColumns}
        testId={() => 'sms-row'}
        size="middle"
        // Only the first load spins: a 5-second refresh must not make the table flicker.
        loading={isPending}
        toolbarEnd={
          <Space>
            <Typography.Text type="secondary">
              {dataUpdatedAt ? `更新于 ${formatTimeOfDay(dataUpdatedAt)}` : ''}
            </Typography.Text>
            <Switch checked={autoRefresh} onChange={setAutoRefresh} data-testid="sms-auto-refresh" />
            <Typography.Text>每 5 秒自动刷新</Typography.Text>
          </Space>
        }
        emptyText={
          phone || status
            ? `没有${phone ? `发往 ${phone} 的` : ''}${status ? SMS_STATUS_LABELS[status] : ''}短信`
            : '发件箱为空'
        }
      />
    </>
  );
}
