import type { ProductCard, SoldLot } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { formatDate } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { Highlighted } from './highlight';
import './search.css';

export function ProductRow({ product, keyword }: { product: ProductCard; keyword?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="search-row"
      onClick={() => go(pagePath('product', { id: product.id }))}
      data-testid="search-product"
      data-id={product.id}
    >
      <LazyImage src={product.cover} alt="" ratio={1} />
      <span className="search-row-main">
        <Highlighted className="search-row-title" text={product.title} keyword={keyword} />
        <span className="search-row-meta">
          <span className="search-badge">{t('search.mallBadge')}</span>
          <PriceText fen={product.price} size="md" />
        </span>
        <span className="search-row-meta">
          {product.stock > 0 ? t('search.inStock', { count: product.stock }) : t('product.soldOut')}
        </span>
      </span>
    </button>
  );
}

export function SoldRow({ lot, keyword }: { lot: SoldLot; keyword?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="search-row"
      onClick={() => go(pagePath('lot', { id: lot.id }))}
      data-testid="sold-lot"
      data-id={lot.id}
    >
      <LazyImage src={lot.cover} alt="" ratio={1} />
      <span className="search-row-main">
        <Highlighted className="search-row-title" text={lot.title} keyword={keyword} />
        <span className="search-row-meta">
          <span>{t('auction.hammer')}</span>
          <span data-testid="sold-lot-hammer" data-fen={lot.hammer}>
            <PriceText fen={lot.hammer} size="md" />
          </span>
        </span>
        <span className="search-row-meta">
          <span>{t('auction.bidCount', { count: lot.bidCount })}</span>
          <span>{t('comparables.soldOn', { date: formatDate(lot.endedAt) })}</span>
        </span>
      </span>
    </button>
  );
}
