import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/token-storage';
import { fetchMemberInfo } from './member-info.api';
import { useUserStore } from './user.store';

/** After login or register: keep the token and load the member before the next page. */
export async function startSession(token: string): Promise<void> {
  setToken(token);
  queryClient.clear();
  await fetchMemberInfo().catch(() => undefined);
}

/** Forgets everything the session knew. Where to go next is the caller's choice. */
export function endSession(): void {
  clearToken();
  useUserStore.getState().setUserInfo(null);
  queryClient.clear();
}
