import { Avatar, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AdminMemberRow } from '@antique/shared';
import { AccountStatusTag } from '../../components/account-status-tag';
import { Money } from '../../components/money';
import { RealNameTag } from '../../features/realname/realname-tag';
import { formatDateTime } from '../../lib/format-datetime';

export const memberColumns: ColumnsType<AdminMemberRow> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  {
    title: '会员',
    key: 'member',
    render: (_, m) => (
      <Space>
        <Avatar size="small" src={m.avatar || undefined} icon={<UserOutlined />} />
        <div>
          <Link to={`/members/${m.id}`}>{m.nickname || '未设置昵称'}</Link>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {m.phone}
          </Typography.Text>
        </div>
      </Space>
    ),
  },
  { title: 'VIP', dataIndex: 'vipLevel', width: 64, render: (v: number) => `V${v}` },
  {
    title: '实名',
    key: 'realName',
    width: 110,
    render: (_, m) => (
      <Space size={4}>
        <RealNameTag status={m.realNameStatus} />
        {m.realName ? <Typography.Text type="secondary">{m.realName}</Typography.Text> : null}
      </Space>
    ),
  },
  { title: '可用余额', dataIndex: 'balance', align: 'right', render: (v: number) => <Money fen={v} /> },
  { title: '冻结金额', dataIndex: 'frozenAmount', align: 'right', render: (v: number) => <Money fen={v} /> },
  {
    title: '账户状态',
    key: 'frozen',
    width: 96,
    render: (_, m) => <AccountStatusTag frozen={m.frozen} reason={m.frozenReason} />,
  },
  { title: '邀请码', dataIndex: 'inviteCode', width: 100 },
  { title: '注册时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  { title: '最近登录', dataIndex: 'lastLoginAt', width: 170, render: (v: number | null) => formatDateTime(v) },
  {
    title: '操作',
    key: 'actions',
    width: 80,
    fixed: 'right',
    render: (_, m) => (
      <Link to={`/members/${m.id}`} data-testid={`member-open-${m.id}`}>
        详情
      </Link>
    ),
  },
];
