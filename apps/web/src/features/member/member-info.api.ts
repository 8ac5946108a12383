import { accountsApi } from '@antique/shared/routes';
import type { Member } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { useUserStore } from './user.store';

export const memberInfoKey = ['member', 'info'] as const;

/** The member, kept in the 'user' store where every page reads it. */
export async function fetchMemberInfo(): Promise<Member> {
  const member = await call(accountsApi.info, {});
  useUserStore.getState().setUserInfo(member);
  return member;
}

/**
 * Loads the member on every mount and when the app comes back to the front: balances and
 * review results change on the server. The page shows the stored copy meanwhile.
 */
export function useMemberInfoQuery(enabled = true) {
  return useQuery({
    queryKey: memberInfoKey,
    queryFn: fetchMemberInfo,
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
