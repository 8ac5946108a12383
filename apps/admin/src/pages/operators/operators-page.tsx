import { useState } from 'react';
import { App as AntApp, Button, Card, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type Operator, operatorRoles } from '@antique/shared';
import { useCurrentOperator } from '../../features/session/current-operator';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table/data-table';
import { useDataTable } from '../../components/data-table/use-data-table';
import { PageHeader } from '../../components/page-header';
import { operatorQueries, useUpdateOperator } from '../../features/operators/api';
import { errorText } from '../../lib/error-text';
import { type RoleRow, operatorColumns, roleColumns } from './operator-columns';
import { CreateOperatorModal, EditOperatorModal } from './operator-form-modals';

export function OperatorsPage() {
  const me = useCurrentOperator();
  const table = useDataTable({ filters: {}, query: () => operatorQueries.list() });
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
        columns={operatorColumns({ me, onEdit: setEditing, onToggle: setToggling })}
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
