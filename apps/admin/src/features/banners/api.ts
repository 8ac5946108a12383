import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueApi, type RouteInput } from '@antique/shared/routes';
import { type AdminBanner, bannerInput, type bannerPositions } from '@antique/shared';
import { fieldProblem } from '../../components/schema-rules';
import { call } from '../../lib/request';

export type { AdminBanner };
export type BannerInput = Omit<RouteInput<typeof catalogueApi.adminUpdateBanner>, 'id'>;
export type BannerPosition = (typeof bannerPositions)[number];

export const BANNER_POSITION_LABELS: Record<BannerPosition, string> = {
  home: '首页',
  mall: '商城',
};

export const bannerKeys = {
  all: ['admin', 'banners'] as const,
  list: (position: BannerPosition | undefined) => [...bannerKeys.all, 'list', position ?? 'all'] as const,
};

export const bannerQueries = {
  list: (position: BannerPosition | undefined) =>
    queryOptions({
      queryKey: bannerKeys.list(position),
      queryFn: ({ signal }) => call(catalogueApi.adminBanners, { position }, { signal }),
    }),
};

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: BannerInput }) =>
      id === null
        ? call(catalogueApi.adminCreateBanner, input)
        : call(catalogueApi.adminUpdateBanner, { ...input, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(catalogueApi.adminDeleteBanner, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

export function bannerToInput(b: AdminBanner): BannerInput {
  return { position: b.position, image: b.image, title: b.title, link: b.link, sort: b.sort, enabled: b.enabled };
}

const linkWords = {
  label: '链接',
  invalid: (v: unknown) =>
    String(v).trim().startsWith('http://')
      ? '外部链接必须使用 https://'
      : '链接须为 App 内页面（以 /pages/ 开头）或 https:// 网址',
};

/** '' (no link), an in-app route under /pages/, or an https URL: what bannerInput accepts, and a URL that parses. */
export function bannerLinkProblem(link: string): string | null {
  const problem = fieldProblem(bannerInput.shape.link, link, linkWords);
  if (problem !== null || !link.trim().startsWith('https://')) return problem;
  try {
    new URL(link.trim());
    return null;
  } catch {
    return '网址格式不正确';
  }
}
