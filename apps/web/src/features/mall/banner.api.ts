import type { Banner } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/request';

export type BannerPosition = 'home' | 'mall';

/** GET /banner: the slides of the home (or mall) page. */
export function fetchBanners(position: BannerPosition): Promise<Banner[]> {
  return http.get<Banner[]>('/banner', { position });
}

export function useBannersQuery(position: BannerPosition = 'home') {
  return useQuery({ queryKey: ['banner', position], queryFn: () => fetchBanners(position), staleTime: 5 * 60_000 });
}
