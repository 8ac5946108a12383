import type { OrderStatus } from '@antique/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { go } from '../../lib/navigation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InfiniteList } from '../../components/infinite-list/infinite-list';
import { PageTabs } from '../../components/page-tabs/page-tabs';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { OrderCard } from '../../features/orders/order-card';
import { useOrderPages } from '../../features/orders/order-list.api';
import { describeError } from '../../lib/describe-error';
import './order-list.css';
import { routePaths } from '../../lib/route-paths';

type Tab = 'all' | OrderStatus;
const tabKeys: readonly Tab[] = ['all', 'pending', 'paid', 'cancelled'];

function isTab(value: string | null): value is Tab {
  return value !== null && (tabKeys as readonly string[]).includes(value);
}

function OrderListSkeleton() {
  return (
    <div className="order-list-body" aria-busy="true" data-testid="order-list-loading">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="order-card order-card-skeleton">
          <span className="skeleton-bar" style={{ width: '55%' }} />
          <div className="order-card-single" style={{ marginTop: '0.75rem' }}>
            <div className="order-card-cover lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
            <div className="order-card-single-main">
              <span className="skeleton-bar" style={{ width: '80%' }} />
              <span className="skeleton-bar" style={{ width: '35%' }} />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

function OrderList({ status }: { status: Tab }) {
  const { t } = useTranslation();
  const { query, items, listProps } = useOrderPages(status === 'all' ? undefined : status);
  let body;
  if (query.isPending) return <OrderListSkeleton />;
  if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={t('orderList.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="order-list-error"
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        title={t(`orderList.empty.${status}`)}
        description={t('orderList.emptyHint')}
        actionText={t('cart.goMall')}
        onAction={() => go(routePaths.mall)}
        testId="order-list-empty"
      />
    );
  } else {
    body = items.map((order) => <OrderCard key={order.id} order={order} />);
  }
  return (
    <PullRefresh onRefresh={() => query.refetch()}>
      <div className="order-list-body">
        <InfiniteList {...listProps} testId="order-list">
          {body}
        </InfiniteList>
      </div>
    </PullRefresh>
  );
}

/** The member's orders by status, page by page. */
export default function OrderListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const active: Tab = isTab(requested) ? requested : 'all';
  const tabs = tabKeys.map((key) => ({ key, title: t(`orderList.tabs.${key}`) }));
  return (
    <div className="order-list-page" data-testid="order-list-page">
      <PageTabs
        tabs={tabs}
        active={active}
        onChange={(key) => {
          setParams(key === 'all' ? {} : { status: key }, { replace: true });
          window.scrollTo(0, 0);
        }}
        testIdPrefix="order-list-tab"
      />
      <OrderList key={active} status={active} />
    </div>
  );
}
