import type { ProductCard as ProductCardData } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { releaseTimeText } from './release-time';
import './mall.css';
import { pagePath } from '../../lib/route-paths';

export const productPath = (id: number) => pagePath('product', { id });

/** A product in a two-column grid: square cover, title, price against the market price, sales. */
export function ProductCard({
  product,
  testId = 'product-item',
  eager,
}: {
  product: ProductCardData;
  testId?: string;
  /** In the first screenful: its cover is fetched at once rather than when the browser gets round to it. */
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const soldOut = product.stock <= 0;
  // Held by someone's unpaid order: not gone, and may come free again at that time.
  const reservedUntil = soldOut ? product.reservedUntil : undefined;
  const showMarket = product.marketPrice > product.price;
  return (
    <button
      type="button"
      className="product-card"
      onClick={() => go(productPath(product.id))}
      data-testid={testId}
      data-id={product.id}
    >
      <div className="product-card-cover">
        <LazyImage src={product.cover} alt="" ratio={1} eager={eager} />
        {soldOut && (
          <span
            className={reservedUntil ? 'product-card-badge product-card-badge-reserved' : 'product-card-badge'}
            data-testid="product-item-badge"
          >
            {reservedUntil ? t('mall.reserved') : t('mall.soldOut')}
          </span>
        )}
      </div>
      <div className="product-card-body">
        <h3 className="product-card-title">{product.title}</h3>
        {product.tags.length > 0 && (
          <div className="product-card-tags">
            {product.tags.slice(0, 2).map((tag) => (
              <span key={tag} className="product-tag">
                {tag}
              </span>
            ))}
          </div>
        )}
        <div className="product-card-price">
          <PriceText fen={product.price} size="sm" testId="product-item-price" />
          {showMarket && <PriceText fen={product.marketPrice} struck testId="product-item-market" />}
        </div>
        <div className="product-card-meta" data-testid="product-item-meta">
          {reservedUntil
            ? t('mall.reservedUntil', { time: releaseTimeText(reservedUntil) })
            : t('mall.sold', { count: product.sales })}
        </div>
      </div>
    </button>
  );
}

const ROW = 2;

/** Cards two to a row; `firstScreen` when the grid opens its page, so its first row is on screen. */
export function ProductGrid({
  products,
  testId,
  firstScreen,
}: {
  products: readonly ProductCardData[];
  testId?: string;
  firstScreen?: boolean;
}) {
  return (
    <div className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} testId={testId} eager={firstScreen && index < ROW} />
      ))}
    </div>
  );
}

/** Placeholder cards while the first page loads, the same size as the real ones. */
export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="product-grid" aria-busy="true" data-testid="product-grid-loading">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="product-card product-card-skeleton">
          <div className="product-card-cover">
            <div className="lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
          </div>
          <div className="product-card-body">
            <div className="skeleton-bar" style={{ width: '90%' }} />
            <div className="skeleton-bar" style={{ width: '60%' }} />
            <div className="skeleton-bar skeleton-bar-price" style={{ width: '45%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
