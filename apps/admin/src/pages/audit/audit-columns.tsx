import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AuditRow } from '../../features/audit/api';
import { formatDateTime } from '../../lib/format-datetime';

/** Names for the actions the server is known to write; anything else shows its raw key. */
export const ACTION_LABELS: Record<string, string> = {
  'member.freeze': '冻结会员',
  'member.unfreeze': '解冻会员',
  'member.deposit': '登记充值',
  'realname.approve': '实名审核通过',
  'realname.reject': '实名审核驳回',
  'operator.create': '新建运营账号',
  'operator.update': '修改运营账号',
  'operator.lock': '登录失败过多，锁定运营账号',
  'settings.update': '修改系统设置',
};

const TARGET_LABELS: Record<string, string> = {
  member: '会员',
  operator: '运营账号',
  wallet: '钱包',
  withdrawal: '提现',
  order: '订单',
  lot: '拍品',
  product: '商品',
  settings: '系统设置',
};

export const auditColumns: ColumnsType<AuditRow> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatDateTime(v) },
  {
    title: '操作人',
    key: 'operator',
    width: 150,
    render: (_, r) =>
      r.operatorId === null ? (
        <Typography.Text type="secondary">系统</Typography.Text>
      ) : (
        `${r.operatorName ?? '未知'} (#${r.operatorId})`
      ),
  },
  {
    title: '动作',
    dataIndex: 'action',
    width: 200,
    render: (v: string) => (
      <span>
        {ACTION_LABELS[v] ?? v}
        {ACTION_LABELS[v] ? (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {v}
          </Typography.Text>
        ) : null}
      </span>
    ),
  },
  {
    title: '对象',
    key: 'target',
    width: 160,
    render: (_, r) => `${TARGET_LABELS[r.targetType] ?? r.targetType}${r.targetId ? ` #${r.targetId}` : ''}`,
  },
  { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '—' },
];
