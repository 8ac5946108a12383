import { mineTabs, type MineLot, type MineTab } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { PageTabs } from '../../components/page-tabs/page-tabs';
import { PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { LotCard, LotCardSkeleton } from '../../features/auctions/lot-card';
import { useLotStream } from '../../features/auctions/use-lot-stream';
import { useMinePages } from '../../features/auctions/watch.api';
import { formatMoney } from '../../lib/format-money';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';
import './auction-mine.css';

function isTab(value: string | null): value is MineTab {
  return value !== null && (mineTabs as readonly string[]).includes(value);
}

/** Under a card: the member's max bid (their standing is on the card), when they bid. */
function MyMax({ lot }: { lot: MineLot }) {
  const { t } = useTranslation();
  if (lot.myMaxBid === undefined) return null;
  return (
    <p className="auction-mine-standing" data-testid="mine-standing" data-standing={lot.standing ?? ''}>
      {t('lot.myMax', { amount: formatMoney(lot.myMaxBid) })}
    </p>
  );
}

function MineList({ tab }: { tab: MineTab }) {
  const { t } = useTranslation();
  const paged = useMinePages(tab);
  // Live prices for the lots still running (the watched and bid-on tabs).
  useLotStream(tab === 'watching' || tab === 'bidding' ? paged.items.map((lot) => lot.id) : []);
  return (
    <PullRefresh onRefresh={() => paged.query.refetch()}>
      <div className="auction-mine-body">
        <PagedListBody
          paged={paged}
          loading={Array.from({ length: 3 }, (_, index) => (
            <LotCardSkeleton key={index} />
          ))}
          errorTitle={t('auction.loadFailed')}
          empty={{
            title: t(`follow.mineEmpty.${tab}`),
            actionText: t('follow.browse'),
            onAction: () => go(routePaths.auctionList),
          }}
          testId="auction-mine"
          renderItem={(lot) => (
            <div className="auction-mine-item" data-testid="mine-item" data-id={lot.id}>
              <LotCard lot={lot} />
              <MyMax lot={lot} />
            </div>
          )}
        />
      </div>
    </PullRefresh>
  );
}

/** 我的竞拍: the lots the member watches, bids on, won and lost, each opening its lot. */
export default function AuctionMinePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: MineTab = isTab(requested) ? requested : 'bidding';
  const tabs = mineTabs.map((key) => ({ key, title: t(`follow.tabs.${key}`) }));
  return (
    <div className="auction-mine-page" data-testid="auction-mine-page">
      <PageTabs
        tabs={tabs}
        active={active}
        onChange={(key) => {
          setParams(key === 'bidding' ? {} : { tab: key }, { replace: true });
          window.scrollTo(0, 0);
        }}
        testIdPrefix="auction-mine-tab"
      />
      <MineList key={active} tab={active} />
    </div>
  );
}
