import { Alert, Card, Table, Typography } from 'antd';
import { QueryError } from '../../components/query-error';
import { useRulePlaceholdersQuery } from './api';

/**
 * The numbers a rule may read from the settings: written as {{key}} in the text, filled in
 * with the value of the day whenever a member opens the rule, so the text follows the settings.
 */
export function RulePlaceholders() {
  const query = useRulePlaceholdersQuery();
  return (
    <Card size="small" title="可用占位符" data-testid="rule-placeholders">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="正文中的数字如来自系统设置，请写占位符（如 {{withdrawMinYuan}}），会员查看时按当前设置显示，设置修改后规则随之更新。点击占位符即可复制。"
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey="key"
          loading={query.isPending}
          pagination={false}
          dataSource={query.data ?? []}
          columns={[
            {
              title: '占位符',
              dataIndex: 'key',
              width: 300,
              onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
              render: (key: string) => (
                <Typography.Text code copyable={{ text: `{{${key}}}` }} data-testid={`rule-placeholder-${key}`}>
                  {`{{${key}}}`}
                </Typography.Text>
              ),
            },
            { title: '含义', dataIndex: 'label', width: 240 },
            { title: '当前显示', dataIndex: 'value' },
          ]}
        />
      )}
    </Card>
  );
}
