import type { Member, UpdateMemberInput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/request';
import { useUserStore } from './user.store';

/** POST /member/info: nickname and/or avatar URL. */
export async function updateMember(input: UpdateMemberInput): Promise<Member> {
  const member = await http.post<Member>('/member/info', input);
  useUserStore.getState().setUserInfo(member);
  return member;
}

export function useUpdateMemberMutation() {
  return useMutation({ mutationFn: updateMember });
}
