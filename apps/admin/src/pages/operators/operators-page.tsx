import { useState } from 'react';
import { Alert, App as AntApp, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { type Operator, type OperatorRole, operatorRoles } from '@antique/shared';
import { useCurrentOperator } from '../../app/auth';
import { navItemsFor } from '../../app/navigation';
import { ConfirmModal } from '../../components/confirm-modal';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ROLE_COLORS, ROLE_DUTIES, ROLE_LABELS } from '../../features/access/roles';
import { useOperators, useUpdateOperator } from '../../features/operators/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { CreateOperatorModal, EditOperatorModal } from './operator-form-modals';

interface RoleRow {
  role: OperatorRole;
}

const roleColumns: ColumnsType<RoleRow> = [
  {
    title: '角色',
    dataIndex: 'role',
    width: 160,
    render: (role: OperatorRole) => (
      <Tag color={ROLE_COLORS[role]}>
        {ROLE_LABELS[role]}（{role}）
      </Tag>
    ),
  },
  { title: '职责', key: 'duties', render: (_, r) => ROLE_DUTIES[r.role].join('、') },
  {
    title: '本控制台可见页面',
    key: 'pages',
    render: (_, r) =>
      navItemsFor(r.role)
        .map((item) => item.label)
        .join('、') || '—',
  },
];

export function OperatorsPage() {
  const me = useCurrentOperator();
  const operators = useOperators();
  const update = useUpdateOperator();
  const { message } = AntApp.useApp();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const [toggling, setToggling] = useState<Operator | null>(null);

  const toggle = () => {
    if (!toggling) return;
    const disabled = !toggling.disabled;
    update.mutate(
      { id: toggling.id, input: { disabled } },
      {
        onSuccess: () => {
          void message.success(`${disabled ? '已停用' : '已启用'} ${toggling.username}`);
          setToggling(null);
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  const columns: ColumnsType<Operator> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '用户名',
      dataIndex: 'username',
      render: (v: string, o) => (
        <Space>
          {v}
          {o.id === me.id ? <Tag>当前账号</Tag> : null}
        </Space>
      ),
    },
    {
      title: '角色',
      dataIndex: 'role',
      width: 140,
      render: (role: OperatorRole) => <Tag color={ROLE_COLORS[role]}>{ROLE_LABELS[role]}</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 100,
      render: (disabled: boolean) => (disabled ? <Tag color="default">已停用</Tag> : <Tag color="success">启用</Tag>),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 180, render: (v: number) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_, o) => (
        <Space>
          <Button size="small" onClick={() => setEditing(o)} data-testid={`operator-edit-${o.id}`}>
            编辑
          </Button>
          <Button
            size="small"
            danger={!o.disabled}
            disabled={o.id === me.id}
            title={o.id === me.id ? '不能停用自己的账号' : undefined}
            onClick={() => setToggling(o)}
            data-testid={`operator-toggle-${o.id}`}
          >
            {o.disabled ? '启用' : '停用'}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="账号与角色"
        subtitle="管理运营人员账号；所有变更都会写入审计日志"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="operator-create-open"
          >
            新建账号
          </Button>
        }
      />
      <Card title="运营账号" style={{ marginBottom: 16 }}>
        {operators.isError && !operators.data ? (
          <QueryError error={operators.error} onRetry={() => void operators.refetch()} />
        ) : (
          <>
            {operators.isError ? (
              <Alert
                type="warning"
                showIcon
                title={`刷新失败：${errorText(operators.error)}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Table<Operator>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={operators.data ?? []}
              loading={operators.isFetching}
              pagination={false}
              onRow={(o) => rowTestId(`operator-row-${o.id}`)}
              locale={{ emptyText: '暂无运营账号' }}
            />
          </>
        )}
      </Card>
      <Card title="角色权限说明">
        <Table<RoleRow>
          rowKey="role"
          size="small"
          columns={roleColumns}
          dataSource={operatorRoles.map((role) => ({ role }))}
          pagination={false}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          超级管理员拥有全部权限。页面可见性只是便利，每一次请求都由服务器按角色授权。
        </Typography.Paragraph>
      </Card>
      <CreateOperatorModal open={creating} onClose={() => setCreating(false)} />
      <EditOperatorModal operator={editing} isSelf={editing?.id === me.id} onClose={() => setEditing(null)} />
      <ConfirmModal
        open={toggling !== null}
        title={toggling?.disabled ? '启用账号' : '停用账号'}
        okText={toggling?.disabled ? '确认启用' : '确认停用'}
        okTestId="operator-toggle-submit"
        danger={!toggling?.disabled}
        loading={update.isPending}
        onOk={toggle}
        onCancel={() => setToggling(null)}
      >
        {toggling?.disabled
          ? `启用后，${toggling.username} 可重新登录运营后台。`
          : `停用后，${toggling?.username ?? ''} 将无法登录，已登录的会话也会失效。`}
      </ConfirmModal>
    </>
  );
}
