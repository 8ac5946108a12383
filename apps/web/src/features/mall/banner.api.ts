import { catalogueApi } from '@antique/shared/routes';
import type { Banner } from '@antique/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

export type BannerPosition = 'home' | 'mall';

/** The slides of the home (or mall) page. */
export function fetchBanners(position: BannerPosition): Promise<Banner[]> {
  return call(catalogueApi.banners, { position });
}

export const bannersQuery = (position: BannerPosition) =>
  queryOptions({ queryKey: ['banner', position], queryFn: () => fetchBanners(position), staleTime: 5 * 60_000 });

export function useBannersQuery(position: BannerPosition = 'home') {
  return useQuery(bannersQuery(position));
}
