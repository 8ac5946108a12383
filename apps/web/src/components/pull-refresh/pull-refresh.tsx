import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import './pull-refresh.css';

/** The specification's pull-to-refresh: a 70 px head that refreshes once pulled past it. */
export const PULL_REFRESH_HEIGHT = 70;
/** How far the head can be pulled at most (the CSS caps it at 150 px of the 375 px base width). */
export const PULL_REFRESH_RANGE = 150;

export function PullRefresh({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="pull-refresh">
      <PullToRefresh
        onRefresh={async () => {
          await onRefresh();
        }}
        headHeight={PULL_REFRESH_HEIGHT}
        threshold={PULL_REFRESH_HEIGHT}
        pullingText={t('list.pulling')}
        canReleaseText={t('list.canRelease')}
        refreshingText={t('list.refreshing')}
        completeText={t('list.complete')}
      >
        {children}
      </PullToRefresh>
    </div>
  );
}
