import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SMS_SCENE_LABELS, type SmsOutboxRow } from '../../features/sms/api';
import { formatDateTime } from '../../lib/format-datetime';

export const smsOutboxColumns: ColumnsType<SmsOutboxRow> = [
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
