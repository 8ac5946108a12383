import type { Member } from '@antique/shared';
import { create } from 'zustand';
import { devtools } from 'zustand/middleware';

interface UserState {
  /** The logged-in member as GET /member/info last returned it; null for a guest or before it loads. */
  userInfo: Member | null;
  setUserInfo(userInfo: Member | null): void;
  patchUserInfo(patch: Partial<Member>): void;
}

export const useUserStore = create<UserState>()(
  devtools(
    (set) => ({
      userInfo: null,
      setUserInfo: (userInfo) => set({ userInfo }),
      patchUserInfo: (patch) => set((state) => (state.userInfo ? { userInfo: { ...state.userInfo, ...patch } } : {})),
    }),
    { name: 'user', enabled: import.meta.env.DEV },
  ),
);
