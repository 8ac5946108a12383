import { lazy, Suspense, useEffect, useState } from 'react';
import { whenLoadedAndIdle } from '../../lib/when-loaded-and-idle';

const LiveNoticeLayer = lazy(() => import('./live-notice-layer'));

/**
 * On every page, for as long as the app is open: the member's notices (outbid, won, ending
 * soon, payment due, shipped) as a tappable message, and the live prices of the lots the page
 * follows, over one stream. The stream, its client and the message are loaded once the first
 * screen has loaded and is idle, so they never hold it back.
 */
export function LiveNotices() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenLoadedAndIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <LiveNoticeLayer />
    </Suspense>
  );
}
