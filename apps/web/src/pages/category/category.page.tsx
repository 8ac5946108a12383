import type { Category } from '@antique/shared';
import { SideBar } from 'antd-mobile';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { childCategories, topCategories, useCategoriesQuery } from '../../features/mall/category.api';
import { CategoryIcon } from '../../features/mall/category-icon';
import { productPath } from '../../features/mall/product-card';
import { releaseTimeText } from '../../features/mall/release-time';
import { useProductShelf } from '../../features/mall/product-list.api';
import { describeError } from '../../lib/describe-error';
import './category.css';
import { pagePath } from '../../lib/route-paths';

const SHELF_SIZE = 8;

function CategoryProducts({ category }: { category: Category }) {
  const { t } = useTranslation();
  const query = useProductShelf({ categoryId: category.id, sort: 'sales' }, SHELF_SIZE);
  if (query.isPending) {
    return (
      <div className="category-products" aria-busy="true">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="category-product">
            <div className="category-product-cover lazy-image lazy-image-loading" />
            <div className="category-product-main">
              <span className="skeleton-bar" style={{ width: '80%' }} />
              <span className="skeleton-bar" style={{ width: '40%' }} />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        status="error"
        title={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="category-products-error"
      />
    );
  }
  const products = query.data.list;
  if (products.length === 0) return <EmptyState title={t('category.noProducts')} testId="category-products-empty" />;
  return (
    <div className="category-products">
      {products.map((product) => (
        <button
          type="button"
          key={product.id}
          className="category-product"
          onClick={() => go(productPath(product.id))}
          data-testid="category-product-item"
          data-id={product.id}
        >
          <LazyImage src={product.cover} alt={product.title} ratio={1} className="category-product-cover" />
          <div className="category-product-main">
            <span className="category-product-title">{product.title}</span>
            <span className="category-product-meta">
              {product.stock > 0
                ? t('mall.sold', { count: product.sales })
                : product.reservedUntil
                  ? `${t('mall.reserved')} · ${t('mall.reservedUntil', { time: releaseTimeText(product.reservedUntil) })}`
                  : t('mall.soldOut')}
            </span>
            <PriceText fen={product.price} size="sm" />
          </div>
        </button>
      ))}
      {query.data.hasMore && (
        <button
          type="button"
          className="category-view-all"
          onClick={() => go(pagePath('mall', { categoryId: category.id }))}
        >
          {t('category.viewAll')}
          <ChevronRightIcon />
        </button>
      )}
    </div>
  );
}

/** Two levels: the top categories on the left; the chosen one's sub-categories and pieces on the right. */
export default function CategoryPage() {
  const { t } = useTranslation();
  const query = useCategoriesQuery();
  const [chosen, setChosen] = useState<number | null>(null);

  if (query.isPending) {
    return (
      <div className="category-page" aria-busy="true" data-testid="category-loading">
        <div className="category-side">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="category-side-skeleton">
              <span className="skeleton-bar" />
            </div>
          ))}
        </div>
        <div className="category-main" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        status="error"
        title={t('category.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="category-error"
      />
    );
  }
  const top = topCategories(query.data);
  if (top.length === 0) return <EmptyState title={t('category.empty')} testId="category-empty" />;
  const active = top.find((category) => category.id === chosen) ?? top[0]!;
  const children = childCategories(query.data, active.id);

  return (
    <div className="category-page" data-testid="category-page">
      <SideBar
        className="category-side"
        activeKey={String(active.id)}
        onChange={(key) => {
          setChosen(Number(key));
          document.querySelector('.category-main')?.scrollTo({ top: 0 });
        }}
      >
        {top.map((category) => (
          <SideBar.Item
            key={String(category.id)}
            title={
              <span data-testid="category-side-item" data-id={category.id}>
                {category.name}
              </span>
            }
          />
        ))}
      </SideBar>
      <div className="category-main">
        <button
          type="button"
          className="category-hero"
          onClick={() => go(pagePath('mall', { categoryId: active.id }))}
          data-testid="category-view-all"
        >
          <span className="category-hero-name">{active.name}</span>
          <span className="category-hero-link">
            {t('category.viewAll')}
            <ChevronRightIcon />
          </span>
        </button>
        {children.length > 0 && (
          <>
            <h3 className="category-subtitle">{t('category.subCategories')}</h3>
            <div className="category-children">
              {children.map((child) => (
                <button
                  type="button"
                  key={child.id}
                  className="category-child"
                  onClick={() => go(pagePath('mall', { categoryId: child.id }))}
                  data-testid="category-child-item"
                  data-id={child.id}
                >
                  <CategoryIcon category={child} size="sm" />
                  <span className="category-child-name">{child.name}</span>
                </button>
              ))}
            </div>
          </>
        )}
        <h3 className="category-subtitle">{t('category.popular')}</h3>
        <CategoryProducts key={active.id} category={active} />
      </div>
    </div>
  );
}
