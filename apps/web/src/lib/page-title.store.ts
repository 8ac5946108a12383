import { useEffect } from 'react';
import { create } from 'zustand';

interface PageTitleState {
  /** A title the page knows only once its data is in (a rule's title); null keeps the route's. */
  title: string | null;
  setTitle(title: string | null): void;
}

export const usePageTitleStore = create<PageTitleState>()((set) => ({
  title: null,
  setTitle: (title) => set({ title }),
}));

/** Lets a page name itself in the navigation bar while it is shown. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    usePageTitleStore.getState().setTitle(title);
    return () => usePageTitleStore.getState().setTitle(null);
  }, [title]);
}
