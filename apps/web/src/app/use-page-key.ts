import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

interface PageEntry {
  pathname: string;
  locationKey: string;
  pageKey: string;
}

/**
 * Which page is on screen: a new one for every new history entry or change of route (a link,
 * back, a redirect), the same one when the page only rewrote its own query in place (a tab, a
 * filter: `replace` on the same route). product?id=1 and product?id=2 are two pages.
 */
export function usePageKey(): string {
  const location = useLocation();
  const type = useNavigationType();
  const [entry, setEntry] = useState<PageEntry>({
    pathname: location.pathname,
    locationKey: location.key,
    pageKey: location.key,
  });
  if (entry.locationKey !== location.key) {
    const samePage = type === 'REPLACE' && location.pathname === entry.pathname;
    const next = {
      pathname: location.pathname,
      locationKey: location.key,
      pageKey: samePage ? entry.pageKey : location.key,
    };
    setEntry(next);
    return next.pageKey;
  }
  return entry.pageKey;
}
