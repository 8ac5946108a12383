import type { Lot, LotListStatus } from '@antique/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { HOME_LOTS, lotListKey, useLotShelf } from './auction.api';
import { lotPath } from './lot-card';
import { LotCountdown, useShownLotStatus } from './lot-countdown';
import { useLotStream } from './use-lot-stream';
import './auctions.css';

export { HOME_LOTS };
/** Cards a 375 px screen shows of a shelf (two and a half): the rest render after the first paint. */
export const FIRST_PAINT_LOTS = 3;

function HomeLot({ lot, testId }: { lot: Lot; testId: string }) {
  const { t } = useTranslation();
  const status = useShownLotStatus(lot);
  return (
    <button
      type="button"
      className="home-lot"
      onClick={() => go(lotPath(lot.id))}
      data-testid={testId}
      data-id={lot.id}
    >
      <span className="home-lot-cover">
        <LazyImage src={lot.cover} alt="" ratio={1} />
        <span className={`lot-badge lot-badge-${status}`}>{t(`auction.status.${status}`)}</span>
      </span>
      <span className="home-lot-title">{lot.title}</span>
      <span className="home-lot-price" data-testid={`${testId}-price`} data-fen={lot.currentPrice}>
        <PriceText fen={lot.currentPrice} size="sm" />
      </span>
      <LotCountdown lot={lot} coarse />
    </button>
  );
}

/** A lot on its way: the card's very rows and heights, so that nothing moves when it arrives. */
function HomeLotSkeleton() {
  return (
    <div className="home-lot home-lot-skeleton" aria-hidden="true">
      <div className="home-lot-cover">
        <div className="lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
      </div>
      <span className="home-lot-title">
        <span className="home-lot-bar" style={{ width: '85%' }} />
      </span>
      <span className="home-lot-price">
        <span className="home-lot-bar" style={{ width: '50%' }} />
      </span>
      <span className="lot-countdown">
        <span className="home-lot-bar" style={{ width: '65%' }} />
      </span>
    </div>
  );
}

/** A shelf's cards: those a screen shows first, the rest (off to the right) the frame after. */
function ShelfCards({ lots }: { lots: Lot[] }) {
  const all = useAfterFirstPaint();
  return (all ? lots : lots.slice(0, FIRST_PAINT_LOTS)).map((lot) => (
    <HomeLot key={lot.id} lot={lot} testId="home-lot" />
  ));
}

function Shelf({ status, lots, pending }: { status: LotListStatus; lots: Lot[]; pending: boolean }) {
  const { t } = useTranslation();
  if (!pending && lots.length === 0) return null;
  return (
    <section className="home-section" data-testid={`home-lots-${status}`}>
      <div className="home-section-head">
        <h2 className="section-title home-section-title">{t(`homeAuctions.${status}`)}</h2>
        <button
          type="button"
          className="home-more tap-target"
          onClick={() => go(pagePath('auctionList', { status }))}
          data-testid={`home-lots-${status}-more`}
        >
          {t('home.more')}
          <ChevronRightIcon />
        </button>
      </div>
      <div className="home-lots">
        {pending ? (
          Array.from({ length: 3 }, (_, index) => <HomeLotSkeleton key={index} />)
        ) : (
          <ShelfCards lots={lots} />
        )}
      </div>
    </section>
  );
}

/** The home page's auctions, above the mall: lots on the block now, then those about to open, live. */
export function HomeLots() {
  const live = useLotShelf('live', HOME_LOTS);
  const upcoming = useLotShelf('upcoming', HOME_LOTS);
  const lots = [...(live.data ?? []), ...(upcoming.data ?? [])];
  useLotStream(lots.map((lot) => lot.id));
  return (
    <>
      <Shelf status="live" lots={live.data ?? []} pending={live.isPending} />
      {/* Both shelves hold their place while they load (a shelf that comes back empty goes). */}
      <Shelf status="upcoming" lots={upcoming.data ?? []} pending={upcoming.isPending} />
    </>
  );
}

/** For the home page's pull to refresh: both shelves, without subscribing the page to them. */
export function refetchHomeLots(client: QueryClient): Promise<unknown> {
  return Promise.all(
    (['live', 'upcoming'] as const).map((status) =>
      client.refetchQueries({ queryKey: lotListKey(status, undefined, HOME_LOTS), type: 'active' }),
    ),
  );
}
