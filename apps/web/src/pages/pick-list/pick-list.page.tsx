import type { Address, Holding } from '@antique/shared';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { go } from '../../lib/navigation';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { PageTabs } from '../../components/page-tabs/page-tabs';
import { PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { confirmReceipt, delegateHolding, refreshCustody, requestPick } from '../../features/custody/custody.api';
import { DelegateSheet } from './delegate-sheet';
import { HeldPieces } from '../../features/custody/held-pieces';
import { HoldingCard } from '../../features/custody/holding-card';
import { HoldingSheet } from '../../features/custody/holding-sheet';
import { ClaimEntry } from '../../features/protect/claim-entry';
import { PickSheet } from './pick-sheet';
import { ShippingLine } from '../../features/custody/shipping-line';
import { useHoldingPages, type HoldingStatus } from '../../features/custody/pick-list.api';
import { useSubmitKey } from '../../lib/use-submit-key';
import { describeError } from '../../lib/describe-error';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';
import './pick-list.css';
import { routePaths } from '../../lib/route-paths';

type Tab = Extract<HoldingStatus, 'held' | 'picking' | 'shipped' | 'received'>;
const tabKeys: readonly Tab[] = ['held', 'picking', 'shipped', 'received'];

function isTab(value: string | null): value is Tab {
  return value !== null && (tabKeys as readonly string[]).includes(value);
}

/** What the member can do with held pieces: ship them home, or consign one for auction. */
function HeldActions({ holdings, onOpen }: { holdings: Holding[]; onOpen(holding: Holding): void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState<Holding[] | null>(null);
  const [delegating, setDelegating] = useState<Holding | null>(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const pickKey = useSubmitKey();
  const delegateKey = useSubmitKey();

  const explain = (error: unknown) => {
    if (isRequestError(error) && error.reason === 'HOLDING_NOT_AVAILABLE') showToast(t('pick.notAvailable'));
    else showToast(describeError(error, t));
  };

  const pick = async (address: Address) => {
    if (!picking || busy) return;
    const input = { holdingIds: picking.map((holding) => holding.id), addressId: address.id };
    setBusy(true);
    try {
      await requestPick(input, pickKey.keyFor(input));
      pickKey.settle();
      setPicking(null);
      setGeneration((value) => value + 1);
      showSuccessToast(t('pick.requested'));
      refreshCustody();
    } catch (error) {
      pickKey.settle(error);
      if (isRequestError(error) && error.reason === 'HOLDING_NOT_AVAILABLE') {
        setPicking(null);
        refreshCustody();
      }
      explain(error);
    } finally {
      setBusy(false);
    }
  };

  const delegate = async (reservePrice: number | undefined) => {
    if (!delegating || busy) return;
    const input = { holdingId: delegating.id, reservePrice };
    setBusy(true);
    try {
      await delegateHolding(input, delegateKey.keyFor(input));
      delegateKey.settle();
      setDelegating(null);
      setGeneration((value) => value + 1);
      refreshCustody();
      const view = await showMessageBox({
        msg: t('delegate.submitted'),
        confirmText: t('delegate.viewDelegations'),
        cancelText: t('common.confirm'),
      });
      if (view) go(routePaths.delegationList);
    } catch (error) {
      delegateKey.settle(error);
      explain(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <HeldPieces
        key={generation}
        holdings={holdings}
        onOpen={onOpen}
        onPick={(chosen) => setPicking(chosen)}
        onDelegate={(holding) => setDelegating(holding)}
      />
      <PickSheet
        visible={picking !== null}
        count={picking?.length ?? 0}
        busy={busy}
        onClose={() => setPicking(null)}
        onConfirm={(address) => void pick(address)}
      />
      <DelegateSheet
        holding={delegating}
        busy={busy}
        onClose={() => setDelegating(null)}
        onConfirm={(reserve) => void delegate(reserve)}
      />
    </>
  );
}

function HoldingList({ status }: { status: Tab }) {
  const { t } = useTranslation();
  const paged = useHoldingPages(status);
  const [history, setHistory] = useState<number | null>(null);
  const openHistory = (holding: Holding) => setHistory(holding.id);

  const receive = async (holding: Holding) => {
    const pick = holding.pick;
    if (!pick) return;
    const confirmed = await showMessageBox({ msg: t('pick.receiveConfirm'), confirmText: t('pick.receive') });
    if (!confirmed) return;
    try {
      await confirmReceipt(pick.id);
      showSuccessToast(t('pick.received'));
      refreshCustody();
    } catch (error) {
      showToast(describeError(error, t));
      refreshCustody();
    }
  };

  return (
    <PullRefresh onRefresh={() => paged.query.refetch()}>
      <div className="pick-list-body">
        <PagedListBody
          paged={paged}
          loading={
            <div aria-busy="true" data-testid="pick-list-loading">
              {Array.from({ length: 3 }, (_, index) => (
                <div key={index} className="holding-card holding-row">
                  <div className="holding-cover lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
                  <div className="holding-main">
                    <span className="skeleton-bar" style={{ width: '75%' }} />
                    <span className="skeleton-bar" style={{ width: '45%' }} />
                  </div>
                </div>
              ))}
            </div>
          }
          errorTitle={t('pickList.loadFailed')}
          empty={
            status === 'held'
              ? {
                  title: t('pickList.empty.held'),
                  description: t('pickList.emptyHeldHint'),
                  actionText: t('cart.goMall'),
                  onAction: () => go(routePaths.mall),
                }
              : { title: t(`pickList.empty.${status}`) }
          }
          testId="pick-list"
          infiniteTestId="pick-list"
          renderItems={(holdings) =>
            status === 'held' ? (
              <HeldActions holdings={holdings} onOpen={openHistory} />
            ) : (
              holdings.map((holding) => (
                <HoldingCard key={holding.id} holding={holding} onOpen={() => openHistory(holding)}>
                  <ShippingLine holding={holding} onReceive={() => void receive(holding)} />
                  <ClaimEntry holding={holding} />
                </HoldingCard>
              ))
            )
          }
        />
      </div>
      <HoldingSheet id={history} onClose={() => setHistory(null)} />
    </PullRefresh>
  );
}

/** The member's pieces in the house's custody, by custody state: ship them, consign one, confirm delivery. */
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
