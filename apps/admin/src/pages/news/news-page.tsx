import { ArticlesAdmin } from '../../features/content/articles-admin';

export function NewsPage() {
  return <ArticlesAdmin kind="news" />;
}
