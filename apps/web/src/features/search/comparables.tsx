import type { Comparable } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { formatDate } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import './search.css';

/** 本行同类成交: what pieces like this one fetched at the house (up to six), each opening its lot. */
export function Comparables({ items, keyword }: { items: Comparable[] | undefined; keyword?: string }) {
  const { t } = useTranslation();
  if (!items || items.length === 0) return null;
  return (
    <section className="comparables" data-testid="comparables">
      <div className="comparables-head">
        <h2 className="comparables-title">{t('comparables.title')}</h2>
        <button
          type="button"
          className="comparables-more"
          onClick={() => go(pagePath('auctionResults', keyword ? { keyword } : {}))}
          data-testid="comparables-more"
        >
          {t('comparables.more')}
        </button>
      </div>
      <p className="comparables-note">{t('comparables.note')}</p>
      <div className="comparables-strip">
        {items.map((c) => (
          <button
            type="button"
            key={c.lotId}
            className="comparable"
            onClick={() => go(pagePath('lot', { id: c.lotId }))}
            data-testid="comparable"
            data-id={c.lotId}
          >
            <LazyImage src={c.cover} alt="" ratio={1} />
            <span className="comparable-title">{c.title}</span>
            <span className="comparable-hammer">
              <PriceText fen={c.hammer} size="sm" />
            </span>
            <span className="comparable-date">{t('comparables.soldOn', { date: formatDate(c.endedAt) })}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
