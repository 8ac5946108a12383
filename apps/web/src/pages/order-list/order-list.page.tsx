import type { OrderStatus } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { go } from '../../lib/navigation';
import { PageTabs } from '../../components/page-tabs/page-tabs';
import { PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { OrderCard } from '../../features/orders/order-card';
import { useOrderPages } from '../../features/orders/order-list.api';
import './order-list.css';
import { routePaths } from '../../lib/route-paths';

type Tab = 'all' | OrderStatus;
const tabKeys: readonly Tab[] = ['all', 'pending', 'paid', 'cancelled'];

function isTab(value: string | null): value is Tab {
  return value !== null && (tabKeys as readonly string[]).includes(value);
}

function OrderListSkeleton() {
  return (
    <div aria-busy="true" data-testid="order-list-loading">
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
  const paged = useOrderPages(status === 'all' ? undefined : status);
  return (
    <PullRefresh onRefresh={() => paged.query.refetch()}>
      <div className="order-list-body">
        <PagedListBody
          paged={paged}
          loading={<OrderListSkeleton />}
          errorTitle={t('orderList.loadFailed')}
          empty={{
            title: t(`orderList.empty.${status}`),
            description: t('orderList.emptyHint'),
            actionText: t('cart.goMall'),
            onAction: () => go(routePaths.mall),
          }}
          testId="order-list"
          infiniteTestId="order-list"
          renderItem={(order) => <OrderCard order={order} />}
        />
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
