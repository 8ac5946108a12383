import { useState } from 'react';
import { Alert, Card, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { SearchBox } from '../../components/search-box';
import { SMS_SCENE_LABELS, type SmsOutboxRow, useSmsOutbox } from '../../features/sms/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime, formatTimeOfDay } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

const columns: ColumnsType<SmsOutboxRow> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: '发送时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  {
    title: '手机号',
    dataIndex: 'phone',
    width: 140,
    render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
  },
  { title: '场景', dataIndex: 'scene', width: 130, render: (v: string) => <Tag>{SMS_SCENE_LABELS[v] ?? v}</Tag> },
  {
    title: '内容',
    dataIndex: 'content',
    render: (v: string) => <span data-testid="sms-content">{v}</span>,
  },
];

export function SmsOutboxPage() {
  const { page, pageSize, filters, update, pageSizeOptions } = useSearchState(['phone'] as const);
  const phone = filters.phone;
  const [autoRefresh, setAutoRefresh] = useState(true);
  const outbox = useSmsOutbox({ phone, page, pageSize }, autoRefresh);

  return (
    <>
      <PageHeader
        title="短信发件箱"
        subtitle="未接入短信服务商时，所有短信保存在此处；请仅在核实来电会员身份后告知验证码"
      />
      <Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16}>
          <SearchBox
            value={phone}
            onSearch={(value) => update({ phone: value })}
            placeholder="按手机号搜索"
            maxLength={11}
            width={320}
            sanitize={(text) => text.replace(/\D/g, '')}
            testId="sms-search"
          />
          <Space>
            <Typography.Text type="secondary">
              {outbox.dataUpdatedAt ? `更新于 ${formatTimeOfDay(outbox.dataUpdatedAt)}` : ''}
            </Typography.Text>
            <Switch checked={autoRefresh} onChange={setAutoRefresh} data-testid="sms-auto-refresh" />
            <Typography.Text>每 5 秒自动刷新</Typography.Text>
          </Space>
        </Flex>
        {outbox.isError && !outbox.data ? (
          <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} />
        ) : (
          <>
            {outbox.isError ? (
              <Alert
                type="warning"
                showIcon
                title={`刷新失败：${errorText(outbox.error)}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Table<SmsOutboxRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={outbox.data?.list ?? []}
              // Only the first load spins: a 5-second refresh must not make the table flicker.
              loading={outbox.isPending}
              onRow={() => rowTestId('sms-row')}
              locale={{ emptyText: phone ? `没有发往 ${phone} 的短信` : '发件箱为空' }}
              pagination={{
                current: page,
                pageSize,
                total: outbox.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions,
                showTotal: (total) => `共 ${total} 条`,
                onChange: (nextPage, nextSize) =>
                  update(nextSize !== pageSize ? { pageSize: nextSize, page: 1 } : { page: nextPage }),
              }}
            />
          </>
        )}
      </Card>
    </>
  );
}
