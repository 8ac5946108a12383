import { accountsApi } from '@antique/shared/routes';
import type { Member, UpdateMemberInput } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { useUserStore } from './user.store';

/** Nickname and/or avatar URL. */
export async function updateMember(input: UpdateMemberInput): Promise<Member> {
  const member = await call(accountsApi.update, input);
  useUserStore.getState().setUserInfo(member);
  return member;
}

export function useUpdateMemberMutation() {
  return useMutation({ mutationFn: updateMember });
}
