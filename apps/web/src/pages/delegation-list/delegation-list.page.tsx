import type { Delegation, DelegationStatus } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { PageTabs } from '../../components/page-tabs/page-tabs';
import { PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { cancelDelegation, refreshCustody, useDelegationPages } from '../../features/custody/custody.api';
import { DelegationCard } from '../../features/custody/delegation-card';
import { describeError } from '../../lib/describe-error';
import { go } from '../../lib/navigation';
import { pagePath, routePaths } from '../../lib/route-paths';
import { showSuccessToast, showToast } from '../../lib/toast';
import './delegation-list.css';

const tabKeys: readonly DelegationStatus[] = ['pending', 'listed', 'sold', 'unsold', 'rejected', 'cancelled'];

function isTab(value: string | null): value is DelegationStatus {
  return value !== null && (tabKeys as readonly string[]).includes(value);
}

function DelegationList({ status }: { status: DelegationStatus }) {
  const { t } = useTranslation();
  const paged = useDelegationPages(status);

  const cancel = async (delegation: Delegation) => {
    const confirmed = await showMessageBox({
      msg: t('delegation.cancelConfirm', { title: delegation.holding.title }),
      confirmText: t('delegation.cancel'),
      cancelText: t('delegation.keep'),
    });
    if (!confirmed) return;
    try {
      await cancelDelegation(delegation.id);
      showSuccessToast(t('delegation.cancelled'));
    } catch (error) {
      showToast(describeError(error, t));
    } finally {
      refreshCustody();
    }
  };

  return (
    <PullRefresh onRefresh={() => paged.query.refetch()}>
      <div className="delegation-list-body">
        <PagedListBody
          paged={paged}
          loading={Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="delegation-card" aria-hidden="true">
              <span className="skeleton-bar" style={{ width: '70%' }} />
              <span className="skeleton-bar" style={{ width: '40%' }} />
            </div>
          ))}
          errorTitle={t('delegation.loadFailed')}
          empty={
            status === 'pending'
              ? {
                  title: t('delegation.empty.pending'),
                  description: t('delegation.emptyHint'),
                  actionText: t('delegation.goPick'),
                  onAction: () => go(routePaths.pickList),
                }
              : { title: t(`delegation.empty.${status}`) }
          }
          testId="delegation-list"
          infiniteTestId="delegation-list"
          renderItem={(delegation) => (
            <DelegationCard
              delegation={delegation}
              onOpenLot={(lotId) => go(pagePath('lot', { id: lotId }))}
              onCancel={(item) => void cancel(item)}
            />
          )}
        />
      </div>
    </PullRefresh>
  );
}

/** The member's consignments by status: reserve, lot, hammer, commission and proceeds; cancel while pending. */
export default function DelegationListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const active: DelegationStatus = isTab(requested) ? requested : 'pending';
  const tabs = tabKeys.map((key) => ({ key, title: t(`delegation.tabs.${key}`) }));
  return (
    <div className="delegation-list-page" data-testid="delegation-list-page">
      <PageTabs
        tabs={tabs}
        active={active}
        onChange={(key) => {
          setParams(key === 'pending' ? {} : { status: key }, { replace: true });
          window.scrollTo(0, 0);
        }}
        testIdPrefix="delegation-list-tab"
      />
      {active === 'pending' && <p className="delegation-intro">{t('delegation.intro')}</p>}
      <DelegationList key={active} status={active} />
    </div>
  );
}
