import { useEffect, useState } from 'react';
import { Alert, AutoComplete, Button, Card, Flex, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { JsonDiff } from '../../components/json-diff';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { type AuditRow, useAuditLog } from '../../features/audit/api';
import { useOperators } from '../../features/operators/api';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';
import { useSearchState } from '../../lib/use-search-state';

/** Names for the actions the server is known to write; anything else shows its raw key. */
const ACTION_LABELS: Record<string, string> = {
  'member.freeze': '冻结会员',
  'member.unfreeze': '解冻会员',
  'member.deposit': '登记充值',
  'realname.approve': '实名审核通过',
  'realname.reject': '实名审核驳回',
  'operator.create': '新建运营账号',
  'operator.update': '修改运营账号',
  'settings.update': '修改系统设置',
};

const ACTION_OPTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({
  value,
  label: `${label}（${value}）`,
}));

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

const columns: ColumnsType<AuditRow> = [
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

export function AuditPage() {
  const { page, pageSize, filters, update, pageSizeOptions } = useSearchState(['action', 'operatorId'] as const);
  const operatorId = filters.operatorId && /^\d+$/.test(filters.operatorId) ? Number(filters.operatorId) : undefined;
  const [actionDraft, setActionDraft] = useState(filters.action ?? '');
  useEffect(() => setActionDraft(filters.action ?? ''), [filters.action]);
  const audit = useAuditLog({ action: filters.action, operatorId, page, pageSize });
  const operators = useOperators();

  return (
    <>
      <PageHeader title="审计日志" subtitle="运营人员对数据的每一次修改：谁、何时、改了什么、修改前后的内容" />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部操作人"
            style={{ width: 200 }}
            loading={operators.isPending}
            value={operatorId}
            onChange={(value) => update({ operatorId: value })}
            options={(operators.data ?? []).map((o) => ({ value: o.id, label: `${o.username} (#${o.id})` }))}
            data-testid="audit-operator-filter"
          />
          <Space.Compact>
            <AutoComplete
              options={ACTION_OPTIONS}
              value={actionDraft}
              onChange={setActionDraft}
              onSelect={(value: string) => update({ action: value })}
              style={{ width: 300 }}
            >
              <Input
                allowClear
                placeholder="动作，如 member.freeze"
                maxLength={64}
                onPressEnter={() => update({ action: actionDraft.trim() || undefined })}
                data-testid="audit-action-filter"
              />
            </AutoComplete>
            <Button type="primary" onClick={() => update({ action: actionDraft.trim() || undefined })}>
              筛选
            </Button>
          </Space.Compact>
          {filters.action || operatorId ? (
            <Button onClick={() => update({ action: undefined, operatorId: undefined })}>清除筛选</Button>
          ) : null}
        </Flex>
        {audit.isError && !audit.data ? (
          <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
        ) : (
          <>
            {audit.isError ? (
              <Alert
                type="warning"
                showIcon
                title={`刷新失败：${errorText(audit.error)}`}
                style={{ marginBottom: 12 }}
              />
            ) : null}
            <Table<AuditRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={audit.data?.list ?? []}
              loading={audit.isFetching}
              onRow={() => rowTestId('audit-row')}
              expandable={{
                expandedRowRender: (r) => <JsonDiff before={r.before} after={r.after} />,
                rowExpandable: (r) => r.before != null || r.after != null,
              }}
              locale={{ emptyText: filters.action || operatorId ? '没有符合筛选条件的记录' : '暂无审计记录' }}
              pagination={{
                current: page,
                pageSize,
                total: audit.data?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions,
                showTotal: (total) => `共 ${total} 条`,
                onChange: (nextPage, nextSize) =>
                  update(nextSize !== pageSize ? { pageSize: nextSize, page: 1 } : { page: nextPage }),
              }}
            />
          </>
        )}
      </Card>
    </>
  );
}
