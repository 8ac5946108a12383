import { Button, Card, Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { type AdminRuleSummary, RULE_LABELS, useRulesQuery } from '../../features/content/api';
import { formatDateTime } from '../../lib/format-datetime';
import { rowTestId } from '../../lib/row-test-id';

/** Where members read each rule, so the operator knows what a change touches. */
const RULE_PLACES: Record<string, string> = {
  agreement: '注册与登录时同意',
  privacy: '注册与登录时同意',
  auction: '出价前阅读',
  delegate: '委托拍卖时阅读',
  pick: '申请提货时阅读',
  withdraw: '申请提现时阅读',
};

/** The house's six rule texts: which each is, when last changed, and a way into the editor. */
export function RulesPage() {
  const query = useRulesQuery();
  return (
    <>
      <PageHeader title="规则" subtitle="会员端展示的协议与规则；修改后会员立即看到新内容，每次修改记入审计日志" />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card>
          <Table<AdminRuleSummary>
            rowKey="id"
            loading={query.isPending}
            dataSource={query.data ?? []}
            pagination={false}
            onRow={(r) => rowTestId(`rule-row-${r.id}`)}
            columns={[
              {
                title: '规则',
                key: 'kind',
                width: 160,
                render: (_, r) => <Tag>{RULE_LABELS[r.id as keyof typeof RULE_LABELS] ?? r.id}</Tag>,
              },
              {
                title: '标题',
                dataIndex: 'title',
                render: (title: string, r) => <Link to={`/rules/${r.id}`}>{title}</Link>,
              },
              {
                title: '会员在何处阅读',
                key: 'place',
                width: 200,
                render: (_, r) => <Typography.Text type="secondary">{RULE_PLACES[r.id] ?? '—'}</Typography.Text>,
              },
              {
                title: '最近修改',
                dataIndex: 'updatedAt',
                width: 190,
                render: (v: number) => formatDateTime(v),
              },
              {
                title: '操作',
                key: 'actions',
                width: 100,
                render: (_, r) => (
                  <Link to={`/rules/${r.id}`} data-testid={`rule-edit-${r.id}`}>
                    <Button size="small" icon={<EditOutlined />}>
                      编辑
                    </Button>
                  </Link>
                ),
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}
