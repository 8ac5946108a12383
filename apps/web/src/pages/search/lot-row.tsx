import type { Lot } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { LotCountdown, useShownLotStatus } from '../../features/auctions/lot-countdown';
import { Highlighted } from '../../features/search/highlight';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';

/** A lot among the search's results: its state as the clock has it, price, bids, countdown. */
export function LotRow({ lot, keyword }: { lot: Lot; keyword?: string }) {
  const { t } = useTranslation();
  const status = useShownLotStatus(lot);
  return (
    <button
      type="button"
      className="search-row"
      onClick={() => go(pagePath('lot', { id: lot.id }))}
      data-testid="search-lot"
      data-id={lot.id}
    >
      <LazyImage src={lot.cover} alt="" ratio={1} />
      <span className="search-row-main">
        <Highlighted className="search-row-title" text={lot.title} keyword={keyword} />
        <span className="search-row-meta">
          <span className={status === 'live' ? 'search-badge search-badge-live' : 'search-badge'}>
            {t(`auction.status.${status}`)}
          </span>
          <PriceText fen={lot.currentPrice} size="md" />
          <span>{t('auction.bidCount', { count: lot.bidCount })}</span>
        </span>
        <LotCountdown lot={lot} className="search-row-meta" testId="search-lot-countdown" coarse />
      </span>
    </button>
  );
}
