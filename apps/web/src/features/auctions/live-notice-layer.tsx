import { useEffect } from 'react';
import { startLiveHub } from './live-hub';
import { LiveNoticeBar } from './live-notice';

/**
 * The app's live stream and the bar of the member's notices, loaded once the first screen is
 * idle (`LiveNotices`): neither is part of the first screen's script.
 */
export default function LiveNoticeLayer() {
  useEffect(() => startLiveHub(), []);
  return <LiveNoticeBar />;
}
