import { List, Skeleton } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { describeError } from '../../lib/describe-error';
import { formatDate } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { useRuleListQuery } from './rule.api';

/** Every rule of the house by title, each opening its text; open to guests. */
export function RuleList() {
  const { t } = useTranslation();
  const query = useRuleListQuery();
  if (query.isPending) {
    return (
      <div className="skeleton-lines" aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        status="error"
        title={t('rule.listLoadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="rule-list-error"
      />
    );
  }
  if (query.data.length === 0) return <EmptyState title={t('rule.listEmpty')} testId="rule-list-empty" />;
  return (
    <div className="entry-list rule-list" data-testid="rule-list">
      <List>
        {query.data.map((rule) => (
          <List.Item
            key={rule.id}
            description={t('rule.updated', { date: formatDate(rule.updatedAt) })}
            onClick={() => go(pagePath('rule', { id: rule.id }))}
            data-testid={`rule-list-${rule.id}`}
          >
            {rule.title}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
