import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { go } from '../../lib/navigation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InfiniteList } from '../../components/infinite-list/infinite-list';
import { PageTabs } from '../../components/page-tabs/page-tabs';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { HoldingCard } from '../../features/custody/holding-card';
import { useHoldingPages, type HoldingStatus } from '../../features/custody/pick-list.api';
import { describeError } from '../../lib/describe-error';
import './pick-list.css';
import { routePaths } from '../../lib/route-paths';

type Tab = Extract<HoldingStatus, 'held' | 'picking' | 'shipped' | 'received'>;
const tabKeys: readonly Tab[] = ['held', 'picking', 'shipped', 'received'];

function isTab(value: string | null): value is Tab {
  return value !== null && (tabKeys as readonly string[]).includes(value);
}

function HoldingList({ status }: { status: Tab }) {
  const { t } = useTranslation();
  const { query, items, listProps } = useHoldingPages(status);
  if (query.isPending) {
    return (
      <div className="pick-list-body" aria-busy="true" data-testid="pick-list-loading">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="holding-card">
            <div className="holding-cover lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
            <div className="holding-main">
              <span className="skeleton-bar" style={{ width: '75%' }} />
              <span className="skeleton-bar" style={{ width: '45%' }} />
            </div>
          </div>
        ))}
      </div>
    );
  }
  let body;
  if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={t('pickList.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="pick-list-error"
      />
    );
  } else if (items.length === 0) {
    body =
      status === 'held' ? (
        <EmptyState
          title={t('pickList.empty.held')}
          description={t('pickList.emptyHeldHint')}
          actionText={t('cart.goMall')}
          onAction={() => go(routePaths.mall)}
          testId="pick-list-empty"
        />
      ) : (
        <EmptyState title={t(`pickList.empty.${status}`)} testId="pick-list-empty" />
      );
  } else {
    body = items.map((holding) => <HoldingCard key={holding.id} holding={holding} />);
  }
  return (
    <PullRefresh onRefresh={() => query.refetch()}>
      <div className="pick-list-body">
        <InfiniteList {...listProps} testId="pick-list">
          {body}
        </InfiniteList>
      </div>
    </PullRefresh>
  );
}

/** The member's pieces in the house's custody, by custody state. */
export default function PickListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const active: Tab = isTab(requested) ? requested : 'held';
  const tabs = tabKeys.map((key) => ({ key, title: t(`pickList.tabs.${key}`) }));
  return (
    <div className="pick-list-page" data-testid="pick-list-page">
      <PageTabs
        tabs={tabs}
        active={active}
        onChange={(key) => {
          setParams(key === 'held' ? {} : { status: key }, { replace: true });
          window.scrollTo(0, 0);
        }}
        testIdPrefix="pick-list-tab"
      />
      {active === 'held' && <p className="pick-list-intro">{t('pickList.intro')}</p>}
      <HoldingList key={active} status={active} />
    </div>
  );
}
