import type { Lot } from '@antique/shared';
import { HeartFilledIcon, HeartIcon } from '../../components/icons/common-icons';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { describeError } from '../../lib/describe-error';
import { currentPath, go } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { pagePath } from '../../lib/route-paths';
import { showToast } from '../../lib/toast';
import { getToken } from '../../lib/token-storage';
import { markWatching, mineKey, restoreSnapshot, watchLot } from './watch.api';
import './watch.css';

/** Past its end: a lot nobody can newly watch (a watched one keeps its heart, to stop watching). */
const CLOSED: readonly string[] = ['ended', 'sold', 'unsold', 'withdrawn'];
const hidden = (lot: Pick<Lot, 'status' | 'watching'>) => !lot.watching && CLOSED.includes(lot.status);

/**
 * Watch a lot: the heart fills at once, the server is told, and a refusal puts it back with
 * the reason. A guest goes to sign in first (and comes back to the page).
 */
export function useWatchToggle(lot: Pick<Lot, 'id' | 'watching'>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const watching = lot.watching ?? false;
  const toggle = async () => {
    if (!getToken()) {
      go(pagePath('login', { redirect: currentPath() }));
      return;
    }
    if (busy) return;
    const next = !watching;
    setBusy(true);
    const snapshot = markWatching(lot.id, next);
    try {
      const result = await watchLot(lot.id, next);
      markWatching(lot.id, result.watching, result.watchers);
      void queryClient.invalidateQueries({ queryKey: mineKey('watching') });
      showToast(next ? t('follow.watched') : t('follow.unwatched'));
    } catch (error) {
      restoreSnapshot(snapshot);
      showToast(describeError(error, t));
    } finally {
      setBusy(false);
    }
  };
  return { watching, busy, toggle };
}

/** The heart on a lot's page: a button with its word (关注 / 已关注) and the watcher count. */
export function WatchHeart({ lot }: { lot: Pick<Lot, 'id' | 'watching' | 'status'> & { watchers?: number } }) {
  const { t } = useTranslation();
  const { watching, busy, toggle } = useWatchToggle(lot);
  if (hidden(lot)) return null;
  return (
    <button
      type="button"
      className={`watch-heart tap-target${watching ? ' watch-heart-on' : ''}`}
      aria-pressed={watching}
      aria-busy={busy}
      onClick={() => void toggle()}
      data-testid="watch-heart"
      data-watching={watching}
    >
      {watching ? <HeartFilledIcon /> : <HeartIcon />}
      <span>{watching ? t('follow.watching') : t('follow.watch')}</span>
      {lot.watchers !== undefined && lot.watchers > 0 && (
        <span className="watch-heart-count" data-testid="watch-count">
          {lot.watchers}
        </span>
      )}
    </button>
  );
}

/**
 * The heart on a lot's card. The card itself is a button (it opens the lot), so the heart is
 * a span with the button role that keeps its tap to itself.
 */
export function WatchCardHeart({ lot }: { lot: Pick<Lot, 'id' | 'watching' | 'status'> }) {
  const { t } = useTranslation();
  const { watching, toggle } = useWatchToggle(lot);
  const press = (event: MouseEvent | KeyboardEvent) => {
    event.stopPropagation();
    event.preventDefault();
    void toggle();
  };
  if (hidden(lot)) return null;
  return (
    <span
      role="button"
      tabIndex={0}
      className={`watch-card-heart${watching ? ' watch-heart-on' : ''}`}
      aria-pressed={watching}
      aria-label={watching ? t('follow.unwatch') : t('follow.watch')}
      onClick={press}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') press(event);
      }}
      data-testid="watch-card-heart"
      data-watching={watching}
    >
      {watching ? <HeartFilledIcon /> : <HeartIcon />}
    </span>
  );
}
