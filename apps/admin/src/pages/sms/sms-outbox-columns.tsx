import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  SMS_PROVIDER_LABELS,
  SMS_SCENE_LABELS,
  SMS_STATUS_COLORS,
  SMS_STATUS_LABELS,
  type SmsOutboxRow,
} from '../../features/sms/api';
import { formatDateTime } from '../../lib/format-datetime';

/**
 * A text's delivery in one cell: its status, who was asked to send it and how many tries; under
 * it the provider's message id once sent, or the provider's last words and the next try.
 */
function Delivery({ row }: { row: SmsOutboxRow }) {
  const viaProvider = row.provider !== 'outbox';
  return (
    <Space orientation="vertical" size={2} style={{ maxWidth: 300 }}>
      <Space size={6} wrap>
        <Tag color={SMS_STATUS_COLORS[row.status]} data-testid="sms-status" style={{ marginInlineEnd: 0 }}>
          {SMS_STATUS_LABELS[row.status]}
        </Tag>
        <span data-testid="sms-provider">{SMS_PROVIDER_LABELS[row.provider] ?? row.provider}</span>
        {viaProvider && (
          <Typography.Text type="secondary" data-testid="sms-attempts">{`尝试 ${row.attempts} 次`}</Typography.Text>
        )}
      </Space>
      {row.providerMessageId && (
        <Typography.Text copyable code data-testid="sms-message-id">
          {row.providerMessageId}
        </Typography.Text>
      )}
      {row.error && row.status !== 'sent' && (
        <Typography.Text
          type="danger"
          ellipsis={{ tooltip: row.error }}
          style={{ maxWidth: 300 }}
          data-testid="sms-error"
        >
          {row.error}
        </Typography.Text>
      )}
      {row.status === 'queued' && row.nextAttemptAt && (
        <Typography.Text type="secondary">{`下次重试 ${formatDateTime(row.nextAttemptAt)}`}</Typography.Text>
      )}
    </Space>
  );
}

export const smsOutboxColumns: ColumnsType<SmsOutboxRow> = [
  { title: 'ID', dataIndex: 'id', width: 64 },
  { title: '发送时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  {
    title: '手机号',
    dataIndex: 'phone',
    width: 140,
    render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
  },
  { title: '场景', dataIndex: 'scene', width: 100, render: (v: string) => <Tag>{SMS_SCENE_LABELS[v] ?? v}</Tag> },
  {
    title: '内容',
    dataIndex: 'content',
    render: (v: string) => <span data-testid="sms-content">{v}</span>,
  },
  { title: '投递', dataIndex: 'status', width: 300, render: (_: unknown, row) => <Delivery row={row} /> },
];
