import { ArticleDetail } from '../../features/content/article-detail';
import { usePageParams } from '../../lib/page-params';
import { positiveId } from '../../features/content/positive-id';

/** A notice by its id (`?id=3`). */
export default function NoticePage() {
  return <ArticleDetail kind="notice" id={positiveId(usePageParams().id)} />;
}
