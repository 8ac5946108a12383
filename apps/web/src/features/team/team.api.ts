import { teamApi, type RouteOutput } from '@antique/shared/routes';
import type { TeamInfo, TeamMember } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export type TeamPage = RouteOutput<typeof teamApi.list>;

export const teamInfoKey = ['team', 'info'] as const;

/** The member's invite code and link, how many they invited and the rewards they received. */
export function fetchTeamInfo(): Promise<TeamInfo> {
  return call(teamApi.info, {});
}

export function useTeamInfoQuery() {
  return useQuery({ queryKey: teamInfoKey, queryFn: fetchTeamInfo, staleTime: 0 });
}

/** One page of the members who registered with the member's code, newest first. */
export function fetchTeamPage(page: number): Promise<TeamPage> {
  return call(teamApi.list, { page, pageSize: PAGE_SIZE });
}

/** Read again whenever the page opens: a friend may have registered since. */
export function useTeamPages() {
  return usePagedQuery<TeamMember, TeamPage>(['team', 'list'], fetchTeamPage, { staleTime: 0 });
}
