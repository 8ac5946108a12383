import { ArticleDetail } from '../../features/content/article-detail';
import { usePageParams } from '../../lib/page-params';
import { positiveId } from '../../features/content/positive-id';

/** A news article by its id (`?id=3`). */
export default function NewsPage() {
  return <ArticleDetail kind="news" id={positiveId(usePageParams().id)} />;
}
