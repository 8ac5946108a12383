import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentApi, type RouteInput } from '@antique/shared/routes';
import type {
  AdminArticle,
  AdminRule,
  AdminRuleSummary,
  AdminContact,
  AppVersionPolicy,
  ArticleKind,
  ruleSlugs,
} from '@antique/shared';
import { call } from '../../lib/request';

export type { AdminArticle, ArticleKind };
/** The contact page with the house's bank account for transfers (the member app's top-up page). */
export type Contact = AdminContact;
export type ArticleInput = Omit<RouteInput<typeof contentApi.adminUpdateNotice>, 'id'>;
export type ContactInput = RouteInput<typeof contentApi.adminUpdateContact>;

/** The operator's words for each kind. */
export const ARTICLE_KIND_LABELS: Record<ArticleKind, string> = { notice: '公告', news: '资讯' };

const calls = {
  notice: {
    list: contentApi.adminNotices,
    create: contentApi.adminCreateNotice,
    update: contentApi.adminUpdateNotice,
    remove: contentApi.adminDeleteNotice,
  },
  news: {
    list: contentApi.adminNews,
    create: contentApi.adminCreateNews,
    update: contentApi.adminUpdateNews,
    remove: contentApi.adminDeleteNews,
  },
} as const;

export const contentKeys = {
  articles: (kind: ArticleKind) => ['admin', kind] as const,
  list: (kind: ArticleKind, q: { keyword?: string; page: number; pageSize: number }) =>
    [...contentKeys.articles(kind), 'list', q] as const,
  contact: ['admin', 'contact'] as const,
};

export const articleQueries = {
  list: (kind: ArticleKind, q: { keyword?: string; page: number; pageSize: number }) =>
    queryOptions({
      queryKey: contentKeys.list(kind, q),
      queryFn: ({ signal }) => call(calls[kind].list, q, { signal }),
      placeholderData: keepPreviousData,
    }),
};

export function useSaveArticle(kind: ArticleKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ArticleInput }) =>
      id === null ? call(calls[kind].create, input) : call(calls[kind].update, { ...input, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.articles(kind) }),
  });
}

export function useDeleteArticle(kind: ArticleKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(calls[kind].remove, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.articles(kind) }),
  });
}

export function articleToInput(a: AdminArticle): ArticleInput {
  return { title: a.title, summary: a.summary, content: a.content, cover: a.cover, published: a.published };
}

export function useContactQuery() {
  return useQuery({
    queryKey: contentKeys.contact,
    queryFn: ({ signal }) => call(contentApi.adminContact, {}, { signal }),
  });
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) => call(contentApi.adminUpdateContact, input),
    onSuccess: (saved) => queryClient.setQueryData(contentKeys.contact, saved),
  });
}

export type { AppVersionPolicy };
export type AppVersionInput = RouteInput<typeof contentApi.adminUpdateAppVersion>;

export const appVersionKeys = { policy: ['admin', 'app-version'] as const };

export function useAppVersionQuery() {
  return useQuery({
    queryKey: appVersionKeys.policy,
    queryFn: ({ signal }) => call(contentApi.adminAppVersion, {}, { signal }),
  });
}

export function useSaveAppVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppVersionInput) => call(contentApi.adminUpdateAppVersion, input),
    onSuccess: (saved) => queryClient.setQueryData(appVersionKeys.policy, saved),
  });
}

export type { AdminRule, AdminRuleSummary };
export type RuleSlug = (typeof ruleSlugs)[number];
export type RuleInput = RouteInput<typeof contentApi.adminUpdateRule>;

/** Which rule each key is, in the operators' words (the title is the house's own and may change). */
export const RULE_LABELS: Record<RuleSlug, string> = {
  agreement: '用户协议',
  privacy: '隐私政策',
  auction: '拍卖规则',
  delegate: '委托规则',
  pick: '提货规则',
  withdraw: '提现规则',
  about: '关于本行',
};

export const ruleKeys = {
  all: ['admin', 'rules'] as const,
  one: (id: string) => [...ruleKeys.all, id] as const,
};

export function useRulesQuery() {
  return useQuery({
    queryKey: ruleKeys.all,
    queryFn: ({ signal }) => call(contentApi.adminRules, {}, { signal }),
  });
}

export function useRuleQuery(id: string) {
  return useQuery({
    queryKey: ruleKeys.one(id),
    queryFn: ({ signal }) => call(contentApi.adminRule, { id }, { signal }),
  });
}

/** The placeholders a rule's text may use ({{withdrawMinYuan}}), with what each reads today from the settings. */
export function useRulePlaceholdersQuery() {
  return useQuery({
    queryKey: ['admin', 'rule-placeholders'] as const,
    queryFn: ({ signal }) => call(contentApi.adminRulePlaceholders, {}, { signal }),
  });
}

export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RuleInput) => call(contentApi.adminUpdateRule, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(ruleKeys.one(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: ruleKeys.all, exact: true });
    },
  });
}
