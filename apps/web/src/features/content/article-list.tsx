import type { ArticleKind, ArticleSummary } from '@antique/shared';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InfiniteList } from '../../components/infinite-list/infinite-list';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { describeError } from '../../lib/describe-error';
import { formatDate } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { useArticlePages } from './content.api';
import './content.css';

export const articlePath = (kind: ArticleKind, id: number) => pagePath(kind, { id });

function ArticleRow({ kind, article }: { kind: ArticleKind; article: ArticleSummary }) {
  return (
    <li>
      <button
        type="button"
        className={`article-row${article.cover ? ' article-row-cover' : ''}`}
        onClick={() => go(articlePath(kind, article.id))}
        data-testid="article-item"
        data-id={article.id}
      >
        <span className="article-row-main">
          <span className="article-row-title">{article.title}</span>
          {article.summary && <span className="article-row-summary">{article.summary}</span>}
          <time className="article-row-date" dateTime={new Date(article.publishedAt).toISOString()}>
            {formatDate(article.publishedAt)}
          </time>
        </span>
        {article.cover && (
          <span className="article-row-thumb">
            <LazyImage src={article.cover} alt="" ratio={4 / 3} />
          </span>
        )}
      </button>
    </li>
  );
}

/** The published notices or news, newest first, a page at a time; pull down to reload. */
export function ArticleList({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation();
  const { query, items, listProps } = useArticlePages(kind);

  let body;
  if (query.isPending) {
    body = (
      <div className="skeleton-lines" aria-busy="true" data-testid="article-loading">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={t('content.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="article-error"
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState title={t(kind === 'notice' ? 'content.noticeEmpty' : 'content.newsEmpty')} testId="article-empty" />
    );
  } else {
    body = (
      <ul className="article-list" data-testid="article-list">
        {items.map((article) => (
          <ArticleRow key={article.id} kind={kind} article={article} />
        ))}
      </ul>
    );
  }
  return (
    <div className="article-list-page" data-testid={`${kind}-list-page`}>
      <PullRefresh onRefresh={() => query.refetch()}>
        <InfiniteList {...listProps} testId="article-infinite">
          {body}
        </InfiniteList>
      </PullRefresh>
    </div>
  );
}
