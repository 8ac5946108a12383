import { useState } from 'react';
import { Space, Switch, Typography } from 'antd';
import { DataTable } from '../../components/data-table/data-table';
import { searchFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { smsQueries } from '../../features/sms/api';
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
};

export function SmsOutboxPage() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const table = useDataTable({
    filters,
    query: (values, paging) => smsQueries.outbox({ ...values, ...paging }, autoRefresh),
  });
  const { phone } = table.values;
  const { dataUpdatedAt, isPending } = table.query;
  return (
    <>
      <PageHeader
        title="短信发件箱"
        subtitle="未接入短信服务商时，所有短信保存在此处；请仅在核实来电会员身份后告知验证码"
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
        emptyText={phone ? `没有发往 ${phone} 的短信` : '发件箱为空'}
      />
    </>
  );
}
