import { Skeleton } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { describeError } from '../../lib/describe-error';
import { isRequestError } from '../../lib/request-error';
import { RichText } from '../../components/rich-text/rich-text';
import { useRuleQuery } from './rule.api';

/** A rule's title and sanitised text, with its loading, missing and error states. */
export function RuleContent({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useRuleQuery(id);

  if (!id) return <EmptyState title={t('rule.missing')} testId="rule-missing" />;
  if (query.isPending) {
    return (
      <div className="skeleton-lines" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (query.isError) {
    const notFound = isRequestError(query.error) && query.error.code === 404;
    return notFound ? (
      <EmptyState title={t('rule.notFound')} testId="rule-not-found" />
    ) : (
      <EmptyState
        status="error"
        title={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="rule-error"
      />
    );
  }
  return (
    <article className="rule" data-testid="rule-content">
      <h1 className="rule-title" data-testid="rule-title">
        {query.data.title}
      </h1>
      <RichText html={query.data.content} lines={6} />
    </article>
  );
}
