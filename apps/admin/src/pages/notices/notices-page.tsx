import { ArticlesAdmin } from '../../features/content/articles-admin';

export function NoticesPage() {
  return <ArticlesAdmin kind="notice" />;
}
