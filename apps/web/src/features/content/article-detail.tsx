import type { ArticleKind } from '@antique/shared';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { RichText } from '../../components/rich-text/rich-text';
import { describeError } from '../../lib/describe-error';
import { formatDateTime } from '../../lib/format-time';
import { usePageTitle } from '../../lib/page-title.store';
import { isRequestError } from '../../lib/request-error';
import { useArticleQuery } from './content.api';
import './content.css';

/** A notice or news article by its id: title, date, cover and its text (sanitised again here). */
export function ArticleDetail({ kind, id }: { kind: ArticleKind; id: number | undefined }) {
  const { t } = useTranslation();
  const query = useArticleQuery(kind, id);
  usePageTitle(query.data?.title);

  if (id === undefined) return <EmptyState title={t('content.missing')} testId="article-missing" />;
  if (query.isPending) {
    return (
      <div className="skeleton-lines" aria-busy="true" data-testid="article-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (query.isError) {
    return isRequestError(query.error) && query.error.code === 404 ? (
      <EmptyState title={t('content.notFound')} testId="article-not-found" />
    ) : (
      <EmptyState
        status="error"
        title={t('content.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="article-error"
      />
    );
  }
  const article = query.data;
  return (
    <article className="article" data-testid="article">
      <h1 className="article-title" data-testid="article-title">
        {article.title}
      </h1>
      <time className="article-date" dateTime={new Date(article.publishedAt).toISOString()} data-testid="article-date">
        {formatDateTime(article.publishedAt)}
      </time>
      {article.cover && (
        <div className="article-cover">
          <LazyImage src={article.cover} alt="" ratio={2} eager testId="article-cover" />
        </div>
      )}
      <RichText html={article.content} className="article-body" testId="article-body" lines={6} />
    </article>
  );
}
