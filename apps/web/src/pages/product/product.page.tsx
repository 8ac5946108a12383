import type { Product } from '@antique/shared';
import { Button, Skeleton } from 'antd-mobile';
import { HeartFilledIcon, HeartIcon } from '../../components/icons/common-icons';
import { ShieldCheckIcon } from '../../components/icons/shield-icons';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { Gallery } from '../../components/gallery/gallery';
import { PriceText } from '../../components/price/price-text';
import { CartButton } from '../../features/mall/cart-button';
import { MAX_CART_LINES, useCartStore } from '../../features/mall/cart.store';
import { useCollectMutation } from '../../features/mall/collect.api';
import { useProductQuery } from '../../features/mall/product.api';
import { releaseTimeText } from '../../features/mall/release-time';
import { serverNow } from '../../lib/clock.store';
import { describeError } from '../../lib/describe-error';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';
import './product.css';
import { Comparables } from '../../features/search/comparables';
import { ConditionSection } from '../../features/condition/condition-section';
import { pagePath, routePaths } from '../../lib/route-paths';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { PieceDescription, PieceRecord } from '../../components/piece-sections/piece-sections';

/** After a hold's release time, look again shortly: the server frees the piece at its deadline. */
const RELEASE_RECHECK_MS = 1500;

export const buyNowPath = (id: number, quantity = 1) => pagePath('createOrder', { productId: id, quantity });

function ProductGallery({ product }: { product: Product }) {
  const images = product.images.length > 0 ? product.images : [product.cover].filter(Boolean);
  return <Gallery images={images} title={product.title} testId="product" />;
}

function ProductSkeleton() {
  return (
    <div className="product-page" aria-busy="true" data-testid="product-loading">
      <div className="lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
      <div className="skeleton-lines">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    </div>
  );
}

/** A piece: gallery, price, its record (era, material, size, provenance), description, and the buy bar. */
export default function ProductPage() {
  const { t } = useTranslation();
  const id = Number(usePageParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const query = useProductQuery(validId ? id : 0);
  const collect = useCollectMutation();
  const addToCart = useCartStore((state) => state.add);
  // What lies below the first screen renders in the frame after it.
  const below = useAfterFirstPaint(query.isSuccess);
  const heldUntil = query.data && query.data.stock <= 0 ? query.data.reservedUntil : undefined;
  const { refetch } = query;
  useEffect(() => {
    if (heldUntil === undefined) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, heldUntil - serverNow()) + RELEASE_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [heldUntil, refetch]);

  if (!validId) return <EmptyState title={t('product.notFound')} testId="product-not-found" />;
  if (query.isPending) return <ProductSkeleton />;
  if (query.isError) {
    if (isRequestError(query.error) && query.error.code === 404) {
      return (
        <EmptyState
          title={t('product.notFound')}
          description={t('product.notFoundHint')}
          actionText={t('cart.goMall')}
          onAction={() => go(routePaths.mall, { replace: true })}
          testId="product-not-found"
        />
      );
    }
    return (
      <EmptyState
        status="error"
        title={t('product.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="product-error"
      />
    );
  }

  const product = query.data;
  const soldOut = product.stock <= 0;
  // No unit free, but one held by someone's unpaid order: reserved until then, not sold out.
  const reservedUntil = soldOut ? product.reservedUntil : undefined;
  const releaseTime = reservedUntil === undefined ? '' : releaseTimeText(reservedUntil);
  const available = product.onSale && !soldOut;

  const toggleCollect = () => {
    const collected = !product.collected;
    collect.mutate(
      { id: product.id, collected },
      {
        onSuccess: () => showToast(collected ? t('product.collectedToast') : t('product.uncollectedToast')),
        onError: (error) => showToast(describeError(error, t)),
      },
    );
  };

  const add = () => {
    const result = addToCart(product);
    if (result === 'added') showSuccessToast(t('product.added'));
    else if (result === 'capped') showToast(t('product.capped'));
    else if (result === 'full') showToast(t('cart.full', { count: MAX_CART_LINES }));
    else showToast(t('product.soldOut'));
  };

  return (
    <div className="product-page" data-testid="product-page" data-id={product.id}>
      <ProductGallery product={product} />
      <section className="product-summary">
        <div className="product-price-row">
          <PriceText fen={product.price} size="lg" testId="product-price" />
          {product.marketPrice > product.price && (
            <span className="product-market">
              {t('product.marketPrice')}
              <PriceText fen={product.marketPrice} struck testId="product-market-price" />
            </span>
          )}
          {!product.onSale ? (
            <span className="product-state product-state-off" data-testid="product-state">
              {t('product.offSale')}
            </span>
          ) : (
            soldOut && (
              <span
                className={reservedUntil ? 'product-state product-state-reserved' : 'product-state'}
                data-testid="product-state"
              >
                {reservedUntil ? t('product.reserved') : t('product.soldOut')}
              </span>
            )
          )}
        </div>
        <h1 className="product-title" data-testid="product-title">
          {product.title}
        </h1>
        {product.tags.length > 0 && (
          <div className="product-tags">
            {product.tags.map((tag) => (
              <span key={tag} className="product-tag">
                {tag}
              </span>
            ))}
          </div>
        )}
        <div className="product-stats">
          <span data-testid="product-stock">{t('product.stock', { count: product.stock })}</span>
          <span className="product-stats-dot" aria-hidden="true" />
          <span data-testid="product-sales">{t('product.sales', { count: product.sales })}</span>
        </div>
      </section>

      {!product.onSale && (
        <p className="product-banner product-banner-off" role="status">
          {t('product.offSaleNote')}
        </p>
      )}
      {product.onSale && soldOut && (
        <p
          className={reservedUntil ? 'product-banner product-banner-reserved' : 'product-banner'}
          role="status"
          data-testid="product-banner"
        >
          {reservedUntil ? t('product.reservedNote', { time: releaseTime }) : t('product.soldOutNote')}
        </p>
      )}

      {below && (
        <>
          <PieceRecord piece={product} kind="product" />
          <section className="product-custody">
            <ShieldCheckIcon className="product-custody-icon" />
            <div>
              <div className="product-custody-title">{t('product.custodyTitle')}</div>
              <div className="product-custody-text">{t('product.custodyText')}</div>
            </div>
          </section>

          <PieceDescription html={product.description} kind="product" />

          <ConditionSection condition={product.condition} certificate={product.certificate} />
          <Comparables items={product.comparables} />
        </>
      )}
      <div className="product-bar">
        <button
          type="button"
          className={product.collected ? 'product-bar-icon product-bar-collected' : 'product-bar-icon'}
          onClick={toggleCollect}
          aria-pressed={product.collected}
          data-testid="product-collect"
          data-collected={product.collected}
        >
          {product.collected ? <HeartFilledIcon /> : <HeartIcon />}
          <span>{product.collected ? t('product.collected') : t('product.collect')}</span>
        </button>
        <CartButton variant="bar" />
        {available ? (
          <div className="product-bar-actions">
            <Button shape="rounded" className="outline-gold-button" onClick={add} data-testid="product-add-to-cart">
              {t('product.addToCart')}
            </Button>
            <Button
              color="primary"
              shape="rounded"
              className="gold-button"
              onClick={() => go(buyNowPath(product.id))}
              data-testid="product-buy-now"
            >
              {t('product.buyNow')}
            </Button>
          </div>
        ) : (
          <div className="product-bar-actions">
            <Button shape="rounded" disabled block data-testid="product-unavailable">
              {!product.onSale
                ? t('product.offSale')
                : reservedUntil
                  ? t('product.reservedButton', { time: releaseTime })
                  : t('product.soldOut')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
