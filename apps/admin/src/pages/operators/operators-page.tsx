import { useState } from 'react';
import { Button, Card, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type Operator, operatorRoles } from '@antique/shared';
import { useCurrentOperator } from '../../features/session/current-operator';
import { useConfirmAction } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table/data-table';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { operatorQueries, useUpdateOperator } from '../../features/operators/api';
import { type RoleRow, operatorColumns, roleColumns } from './operator-columns';
import { CreateOperatorModal, EditOperatorModal } from './operator-form-modals';

export function OperatorsPage() {
  const me = useCurrentOperator();
  const table = useDataTable({ filters: {}, query: () => operatorQueries.list() });
  const update = useUpdateOperator();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);

  const toggle = useConfirmAction<Operator>({
    title: (o) => (o.disabled ? '启用账号' : '停用账号'),
    okText: (o) => (o.disabled ? '确认启用' : '确认停用'),
    okTestId: 'operator-toggle-submit',
    danger: (o) => !o.disabled,
    body: (o) =>
      o.disabled
        ? `启用后，${o.username} 可重新登录运营后台。`
        : `停用后，${o.username} 将无法登录，已登录的会话也会失效。`,
    run: async (o) => {
      await update.mutateAsync({ id: o.id, input: { disabled: !o.disabled } });
      return `${o.disabled ? '已启用' : '已停用'} ${o.username}`;
    },
  });

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
      <DataTable
        table={table}
        card={{ title: '运营账号', style: { marginBottom: 16 } }}
        columns={operatorColumns({ me, onEdit: setEditing, onToggle: toggle.ask })}
        testId={(o) => `operator-row-${o.id}`}
        size="middle"
        emptyText="暂无运营账号"
      />
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
      {toggle.dialog}
    </>
  );
}
