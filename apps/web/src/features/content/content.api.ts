import { contentApi, type RouteOutput } from '@antique/shared/routes';
import type { ArticleDetail, ArticleKind, ArticleSummary, Contact } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export type ArticlePage = RouteOutput<typeof contentApi.noticeList>;

const calls = {
  notice: { list: contentApi.noticeList, info: contentApi.noticeInfo },
  news: { list: contentApi.newsList, info: contentApi.newsInfo },
} as const;

/** One page of published notices or news, newest first. */
export function fetchArticlePage(kind: ArticleKind, page: number, pageSize = PAGE_SIZE): Promise<ArticlePage> {
  return call(calls[kind].list, { page, pageSize });
}

export function useArticlePages(kind: ArticleKind) {
  return usePagedQuery<ArticleSummary, ArticlePage>([kind, 'list'], (page) => fetchArticlePage(kind, page));
}

export const LATEST_NOTICE_KEY = ['notice', 'latest'] as const;

/** The newest notice, for the home page's notice bar. */
export function useLatestNoticeQuery() {
  return useQuery({
    queryKey: LATEST_NOTICE_KEY,
    queryFn: async () => (await fetchArticlePage('notice', 1, 1)).list[0] ?? null,
  });
}

/** A published notice or news article; indicator on, as for a rule. */
export function useArticleQuery(kind: ArticleKind, id: number | undefined) {
  return useQuery<ArticleDetail>({
    queryKey: [kind, 'info', id],
    queryFn: () => call(calls[kind].info, { id: id! }, { loading: true }),
    enabled: id !== undefined,
  });
}

export function useContactQuery() {
  return useQuery<Contact>({ queryKey: ['contact'], queryFn: () => call(contentApi.contact, {}) });
}
