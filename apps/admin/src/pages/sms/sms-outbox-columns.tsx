import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  SMS_PROVIDER_LABELS,
  SMS_SCENE_LABELS,
  SMS_STATUS_COLORS,
  SMS_STATUS_LABELS,
  type SmsOutboxRow,
} from '../../features/sms/api';
import { formatDateTime } from '../../lib/format-datetime';

/** Where the text is: sent (when), waiting for its next try (when), or given up. */
function Delivery({ row }: { row: SmsOutboxRow }) {
  const when =
    row.status === 'sent'
      ? row.sentAt && row.provider !== 'outbox'
        ? `送达服务商 ${formatDateTime(row.sentAt)}`
        : undefined
      : row.status === 'queued'
        ? row.nextAttemptAt
          ? `下次重试 ${formatDateTime(row.nextAttemptAt)}`
          : undefined
        : '已停止重试';
  return (
    <Tooltip title={when}>
      <Tag color={SMS_STATUS_COLORS[row.status]} data-testid="sms-status">
        {SMS_STATUS_LABELS[row.status]}
      </Tag>
    </Tooltip>
  );
}

export const smsOutboxColumns: ColumnsType<SmsOutboxRow> = [
  { title: 'ID', dataIndex: 'id', width: 72 },
  { title: '发送时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  {
    title: '手机号',
    dataIndex: 'phone',
    width: 140,
    render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
  },
  { title: '场景', dataIndex: 'scene', width: 120, render: (v: string) => <Tag>{SMS_SCENE_LABELS[v] ?? v}</Tag> },
  {
    title: '内容',
    dataIndex: 'content',
    render: (v: string) => <span data-testid="sms-content">{v}</span>,
  },
  { title: '状态', dataIndex: 'status', width: 96, render: (_: unknown, row) => <Delivery row={row} /> },
  {
    title: '服务商',
    dataIndex: 'provider',
    width: 90,
    render: (v: string) => SMS_PROVIDER_LABELS[v] ?? v,
  },
  {
    title: '服务商消息 ID',
    dataIndex: 'providerMessageId',
    width: 190,
    render: (v: string | null) =>
      v ? (
        <Typography.Text copyable code data-testid="sms-message-id">
          {v}
        </Typography.Text>
      ) : (
        '—'
      ),
  },
  { title: '尝试', dataIndex: 'attempts', width: 64, align: 'right' },
  {
    title: '错误',
    dataIndex: 'error',
    width: 220,
    render: (v: string | null) =>
      v ? (
        <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 204 }} data-testid="sms-error">
          {v}
        </Typography.Text>
      ) : (
        '—'
      ),
  },
];
