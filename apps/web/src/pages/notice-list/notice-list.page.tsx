import { ArticleList } from '../../features/content/article-list';

/** The house's notices, newest first. */
export default function NoticeListPage() {
  return <ArticleList kind="notice" />;
}
