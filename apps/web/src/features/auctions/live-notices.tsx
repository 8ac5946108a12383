import { lazy, Suspense, useEffect, useState } from 'react';
import { getToken, onTokenChange } from '../../lib/token-storage';
import { whenLoadedAndIdle } from '../../lib/when-loaded-and-idle';
import { onWatchedLotsChange, watchedLotIds } from './watched-lots';

const LiveNoticeLayer = lazy(() => import('./live-notice-layer'));

/** A member signed in has notices to hear; a guest's stream carries only the prices of lots on screen. */
const needed = () => getToken() !== null || watchedLotIds().length > 0;

/**
 * On every page, for as long as the app is open: the member's notices (outbid, won, ending
 * soon, payment due, shipped) as a tappable message, and the live prices of the lots the page
 * follows, over one stream. The stream, its client and the message are loaded once the first
 * screen has loaded and is idle, so they never hold it back; for a guest, only once a page
 * follows lots (a guest signing in or reading the rules has nothing to hear). Once loaded, they stay.
 */
export function LiveNotices() {
  const [idle, setIdle] = useState(false);
  const [wanted, setWanted] = useState(needed);
  useEffect(() => whenLoadedAndIdle(() => setIdle(true)), []);
  useEffect(() => {
    if (wanted) return;
    const check = () => {
      if (needed()) setWanted(true);
    };
    const stopLots = onWatchedLotsChange(check);
    const stopToken = onTokenChange(check);
    check();
    return () => {
      stopLots();
      stopToken();
    };
  }, [wanted]);
  if (!idle || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <LiveNoticeLayer />
    </Suspense>
  );
}
