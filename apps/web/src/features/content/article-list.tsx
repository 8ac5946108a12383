import type { ArticleKind, ArticleSummary } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
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
  const paged = useArticlePages(kind);

  return (
    <div className="article-list-page" data-testid={`${kind}-list-page`}>
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        <PagedListBody
          paged={paged}
          loading={<LinesSkeleton lines={8} testId="article-loading" />}
          errorTitle={t('content.loadFailed')}
          empty={{ title: t(kind === 'notice' ? 'content.noticeEmpty' : 'content.newsEmpty') }}
          testId="article"
          listClassName="article-list"
          renderItem={(article) => <ArticleRow kind={kind} article={article} />}
        />
      </PullRefresh>
    </div>
  );
}
