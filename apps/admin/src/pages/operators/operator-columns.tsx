import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Operator, type OperatorRole, labelOf } from '@antique/shared';
import { navItemsFor } from '../../features/access/navigation';
import { ROLE_COLORS, ROLE_DUTIES } from '../../features/access/roles';
import { formatDateTime } from '../../lib/format-datetime';

/** The operators' columns; `me` cannot disable their own account. */
export function operatorColumns({
  me,
  onEdit,
  onToggle,
}: {
  me: Operator;
  onEdit: (operator: Operator) => void;
  onToggle: (operator: Operator) => void;
}): ColumnsType<Operator> {
  return [
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
      render: (role: OperatorRole) => <Tag color={ROLE_COLORS[role]}>{labelOf('operatorRole', role)}</Tag>,
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
          <Button size="small" onClick={() => onEdit(o)} data-testid={`operator-edit-${o.id}`}>
            编辑
          </Button>
          <Button
            size="small"
            danger={!o.disabled}
            disabled={o.id === me.id}
            title={o.id === me.id ? '不能停用自己的账号' : undefined}
            onClick={() => onToggle(o)}
            data-testid={`operator-toggle-${o.id}`}
          >
            {o.disabled ? '启用' : '停用'}
          </Button>
        </Space>
      ),
    },
  ];
}

export interface RoleRow {
  role: OperatorRole;
}

export const roleColumns: ColumnsType<RoleRow> = [
  {
    title: '角色',
    dataIndex: 'role',
    width: 160,
    render: (role: OperatorRole) => (
      <Tag color={ROLE_COLORS[role]}>
        {labelOf('operatorRole', role)}（{role}）
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
