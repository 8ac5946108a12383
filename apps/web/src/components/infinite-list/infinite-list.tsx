import { DotLoading } from 'antd-mobile';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import {
  createReachBottomGuard,
  distanceToBottom,
  REACH_BOTTOM_DISTANCE,
  REACH_BOTTOM_REARM_MS,
} from './reach-bottom-guard';
import './infinite-list.css';

interface InfiniteListProps {
  children: ReactNode;
  hasMore: boolean;
  /** A page is on its way. */
  loading: boolean;
  /** The last page failed: the footer offers a retry and scrolling asks no more. */
  failed?: boolean;
  onLoadMore(): unknown;
  /** Hide the "no more" line (an empty list shows its own empty state). */
  empty?: boolean;
  testId?: string;
}

/**
 * A list that asks for its next page when the page is scrolled to within 50 px of the bottom.
 * The guard re-arms 350 ms after each request, as the specification asks.
 */
export function InfiniteList({ children, hasMore, loading, failed, onLoadMore, empty, testId }: InfiniteListProps) {
  const { t } = useTranslation();
  const latest = useRef({ hasMore, loading, failed, onLoadMore });
  latest.current = { hasMore, loading, failed, onLoadMore };
  const checkRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const guard = createReachBottomGuard(REACH_BOTTOM_REARM_MS, () => checkRef.current());
    const check = () => {
      const state = latest.current;
      if (!state.hasMore || state.loading || state.failed) return;
      if (distanceToBottom() > REACH_BOTTOM_DISTANCE) return;
      guard.trigger(() => void state.onLoadMore());
    };
    checkRef.current = check;
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      guard.dispose();
      checkRef.current = () => undefined;
    };
  }, []);

  // A first page shorter than the screen has nothing to scroll: look again after every change.
  useEffect(() => {
    checkRef.current();
  }, [hasMore, loading, failed, children]);

  let footer: ReactNode = null;
  if (failed) {
    footer = (
      <button type="button" className="infinite-list-retry" onClick={() => void onLoadMore()} data-testid="list-retry">
        {t('list.loadFailed')}
      </button>
    );
  } else if (hasMore || loading) {
    footer = (
      <span className="infinite-list-loading">
        {/* Animated only while a page is on its way: an idle footer below the fold costs no frames. */}
        {loading && <DotLoading color="currentColor" />}
        {t('list.loadingMore')}
      </span>
    );
  } else if (!empty) {
    footer = <span className="infinite-list-end">{t('list.noMore')}</span>;
  }

  return (
    <div className="infinite-list" data-testid={testId}>
      {children}
      {footer && (
        <div className="infinite-list-footer" data-testid="list-footer">
          {footer}
        </div>
      )}
    </div>
  );
}
