import type { MemberNotice } from '@antique/shared';
import { queryClient } from '../../lib/query-client';
import { getToken, onTokenChange } from '../../lib/token-storage';
import { applyLotPrice } from './live-cache';
import { useLiveNoticeStore } from './live-notice';
import { openLotStream } from './lot-stream';
import { onWatchedLotsChange, watchedLotIds } from './use-lot-stream';

function onNotice(notice: MemberNotice): void {
  useLiveNoticeStore.getState().show(notice);
  // Every notice is kept as a message: 我的's unread count and the message list change.
  void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
  void queryClient.invalidateQueries({ queryKey: ['message'] });
  // Outbid, won, due: the member's standing and orders changed on the server.
  void queryClient.invalidateQueries({ queryKey: ['auction'] });
  if (notice.kind === 'won' || notice.kind === 'payment_due') {
    void queryClient.invalidateQueries({ queryKey: ['order'] });
    void queryClient.invalidateQueries({ queryKey: ['member'] });
  }
  if (notice.kind === 'shipped') void queryClient.invalidateQueries({ queryKey: ['pick'] });
}

interface Connection {
  ids: readonly number[];
  token: string | null;
  stop(): void;
}

/**
 * The app's one live stream in this tab: the member's notices on every page while signed in,
 * and the prices of the lots the pages on screen follow (`useLotStream`). A guest's stream is
 * open only while a page follows lots. It is opened again (with backoff, by `openLotStream`)
 * when a page asks for a lot it does not carry or the member changes, and closed at sign-out
 * when no page follows lots; a page left keeps its lots on the stream until the next reopen
 * (their prices only update the cache). Returns the function that closes it.
 */
export function startLiveHub(): () => void {
  let connection: Connection | null = null;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const close = () => {
    connection?.stop();
    connection = null;
  };
  const sync = () => {
    pending = undefined;
    if (stopped) return;
    const ids = watchedLotIds();
    const token = getToken();
    if (ids.length === 0 && token === null) return close();
    const open = connection;
    if (open && open.token === token && ids.every((id) => open.ids.includes(id))) return;
    close();
    connection = {
      ids,
      token,
      stop: openLotStream(ids, { onLot: (price) => applyLotPrice(queryClient, price), onNotice }),
    };
  };
  // A page left and the next one shown change the lots in one go: one reopen for both.
  const later = () => {
    if (pending === undefined) pending = setTimeout(sync, 0);
  };
  // Signed out: closed at once, and the last member's notice goes with it.
  const onSignInOrOut = () => {
    useLiveNoticeStore.getState().dismiss();
    clearTimeout(pending);
    sync();
  };

  const stopLots = onWatchedLotsChange(later);
  const stopToken = onTokenChange(onSignInOrOut);
  sync();
  return () => {
    stopped = true;
    clearTimeout(pending);
    stopLots();
    stopToken();
    close();
  };
}
