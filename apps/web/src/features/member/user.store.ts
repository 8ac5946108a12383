import type { Member } from '@antique/shared';
import { create } from 'zustand';

interface UserState {
  /** The logged-in member as GET /member/info last returned it; null for a guest or before it loads. */
  userInfo: Member | null;
  setUserInfo(userInfo: Member | null): void;
  patchUserInfo(patch: Partial<Member>): void;
}

export const useUserStore = create<UserState>()((set) => ({
  userInfo: null,
  setUserInfo: (userInfo) => set({ userInfo }),
  patchUserInfo: (patch) => set((state) => (state.userInfo ? { userInfo: { ...state.userInfo, ...patch } } : {})),
}));
