import { ArticleList } from '../../features/content/article-list';

/** The house's news, newest first, with covers. */
export default function NewsListPage() {
  return <ArticleList kind="news" />;
}
