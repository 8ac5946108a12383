import type { Lot } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { WatchCardHeart } from './watch-heart';
import { LotCountdown, useShownLotStatus } from './lot-countdown';
import './auctions.css';

export const lotPath = (id: number) => pagePath('lot', { id });

/** The member's standing on a lot they bid on: leading or outbid (nothing when they have not bid). */
export function MyLotStatus({ lot, testId = 'lot-my-status' }: { lot: Lot; testId?: string }) {
  const { t } = useTranslation();
  const status = useShownLotStatus(lot);
  if (lot.myMaxBid === undefined) return null;
  let key: 'leading' | 'outbid' | 'won' | 'lost';
  if (status === 'sold' || status === 'unsold' || status === 'ended') key = lot.leading ? 'won' : 'lost';
  else key = lot.leading ? 'leading' : 'outbid';
  // A lot that ended unsold was not won, even by its last leader (reserve not met).
  if (status === 'unsold' && key === 'won') key = 'lost';
  if (status === 'ended' && key === 'won') key = 'leading';
  return (
    <span className={`lot-mine lot-mine-${key}`} data-testid={testId} data-mine={key}>
      {t(`auction.mine.${key}`)}
    </span>
  );
}

/** A lot in a list: cover, title, current price, bids, countdown and the member's standing. */
export function LotCard({ lot, testId = 'lot-card' }: { lot: Lot; testId?: string }) {
  const { t } = useTranslation();
  const status = useShownLotStatus(lot);
  const priceLabel =
    status === 'sold' ? t('auction.hammer') : lot.bidCount > 0 ? t('auction.current') : t('auction.start');
  return (
    <button
      type="button"
      className="lot-card"
      onClick={() => go(lotPath(lot.id))}
      data-testid={testId}
      data-id={lot.id}
      data-status={status}
    >
      <span className="lot-card-cover">
        <LazyImage src={lot.cover} alt="" ratio={1} />
        <span className={`lot-badge lot-badge-${status}`}>{t(`auction.status.${status}`)}</span>
        <WatchCardHeart lot={lot} />
      </span>
      <span className="lot-card-main">
        <span className="lot-card-title">{lot.title}</span>
        <span className="lot-card-price">
          <span className="lot-card-label">{priceLabel}</span>
          <span data-testid="lot-card-price" data-fen={lot.currentPrice}>
            <PriceText fen={lot.currentPrice} size="md" />
          </span>
        </span>
        <span className="lot-card-meta">
          <span data-testid="lot-card-bids">{t('auction.bidCount', { count: lot.bidCount })}</span>
          <MyLotStatus lot={lot} testId="lot-card-mine" />
        </span>
        <LotCountdown lot={lot} className="lot-card-countdown" testId="lot-card-countdown" coarse />
      </span>
    </button>
  );
}

export function LotCardSkeleton() {
  return (
    <div className="lot-card" aria-hidden="true">
      <span className="lot-card-cover lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
      <span className="lot-card-main">
        <span className="skeleton-bar" style={{ width: '80%' }} />
        <span className="skeleton-bar" style={{ width: '50%' }} />
        <span className="skeleton-bar" style={{ width: '35%' }} />
      </span>
    </div>
  );
}
