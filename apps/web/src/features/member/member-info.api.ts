import type { Member } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/request';
import { useUserStore } from './user.store';

export const memberInfoKey = ['member', 'info'] as const;

/** GET /member/info, kept in the 'user' store where every page reads it. */
export async function fetchMemberInfo(): Promise<Member> {
  const member = await http.get<Member>('/member/info');
  useUserStore.getState().setUserInfo(member);
  return member;
}

/** Loads the member once per mount (and on refetch); the data itself is read from the store. */
export function useMemberInfoQuery(enabled = true) {
  return useQuery({ queryKey: memberInfoKey, queryFn: fetchMemberInfo, enabled, staleTime: 10_000 });
}
