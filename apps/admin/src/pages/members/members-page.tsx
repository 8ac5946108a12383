import { Alert, Avatar, Card, Flex, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { AdminMemberRow } from '@antique/shared';
import { AccountStatusTag } from '../../components/account-status-tag';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { RealNameTag } from '../../components/realname-tag';
import { SearchBox } from '../../components/search-box';
import { useMembers } from '../../features/members/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

const columns: ColumnsType<AdminMemberRow> = [
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

export function MembersPage() {
  const { page, pageSize, filters, update, pageSizeOptions } = useSearchState(['keyword'] as const);
  const keyword = filters.keyword;
  const members = useMembers({ keyword, page, pageSize });

  if (members.isError && !members.data) {
    return (
      <>
        <PageHeader title="会员管理" />
        <QueryError error={members.error} onRetry={() => void members.refetch()} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="会员管理" subtitle="查询会员、查看钱包与流水、冻结账户、登记线下充值" />
      <Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap={16}>
          <SearchBox
            value={keyword}
            onSearch={(value) => update({ keyword: value })}
            placeholder="手机号 / 昵称 / 邀请码"
            maxLength={40}
            width={420}
            testId="member-search"
          />
          <Typography.Text type="secondary">{members.data ? `共 ${members.data.total} 位会员` : ''}</Typography.Text>
        </Flex>
        {members.isError ? (
          <Alert type="warning" showIcon title={`刷新失败：${errorText(members.error)}`} style={{ marginBottom: 12 }} />
        ) : null}
        <Table<AdminMemberRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={members.data?.list ?? []}
          loading={members.isFetching}
          scroll={{ x: 1300 }}
          locale={{ emptyText: keyword ? `没有找到与「${keyword}」匹配的会员` : '暂无会员' }}
          pagination={{
            current: page,
            pageSize,
            total: members.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (nextPage, nextSize) =>
              update(nextSize !== pageSize ? { pageSize: nextSize, page: 1 } : { page: nextPage }),
          }}
          onRow={(m) => rowTestId(`member-row-${m.id}`)}
        />
      </Card>
    </>
  );
}
