import type { Category, ProductSort } from '@antique/shared';
import { HeartIcon } from '../../components/icons/common-icons';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InfiniteList } from '../../components/infinite-list/infinite-list';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { SearchBox } from '../../components/search-box/search-box';
import { CartButton } from '../../features/mall/cart-button';
import { topCategories, useCategoriesQuery } from '../../features/mall/category.api';
import { ProductGrid, ProductGridSkeleton } from '../../features/mall/product-card';
import { PRODUCT_SORTS, readProductFilter } from '../../features/mall/product-filter';
import { useProductPages } from '../../features/mall/product-list.api';
import { describeError } from '../../lib/describe-error';
import './mall.css';

function CategoryChips({
  categories,
  activeId,
  onChoose,
}: {
  categories: Category[];
  activeId: number | undefined;
  onChoose(id: number | undefined): void;
}) {
  const { t } = useTranslation();
  const top = topCategories(categories);
  const active = categories.find((category) => category.id === activeId);
  // A sub-category chosen elsewhere (the category page) gets a chip of its own.
  const chips = active && active.parentId !== null ? [active, ...top] : top;
  return (
    <div className="mall-chips" role="tablist" aria-label={t('mall.category')}>
      <button
        type="button"
        role="tab"
        aria-selected={activeId === undefined}
        className={activeId === undefined ? 'mall-chip mall-chip-active' : 'mall-chip'}
        onClick={() => onChoose(undefined)}
        data-testid="mall-category-all"
      >
        {t('mall.allCategories')}
      </button>
      {chips.map((category) => (
        <button
          type="button"
          role="tab"
          key={category.id}
          aria-selected={category.id === activeId}
          className={category.id === activeId ? 'mall-chip mall-chip-active' : 'mall-chip'}
          onClick={() => onChoose(category.id)}
          data-testid="mall-category-chip"
          data-id={category.id}
        >
          {category.name}
        </button>
      ))}
    </div>
  );
}

/** The mall: search, four sorts, a category filter from the query string, and every piece page by page. */
export default function MallPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readProductFilter(params), [params]);
  const categories = useCategoriesQuery();
  const { query, items, listProps } = useProductPages(filter);

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    next.delete('focus');
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
    window.scrollTo(0, 0);
  };

  const sortLabels: Record<ProductSort, string> = {
    new: t('mall.sort.new'),
    sales: t('mall.sort.sales'),
    price_asc: t('mall.sort.price_asc'),
    price_desc: t('mall.sort.price_desc'),
  };

  let body;
  if (query.isPending) body = <ProductGridSkeleton count={6} />;
  else if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={t('mall.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="mall-error"
      />
    );
  } else if (items.length === 0) {
    let title = t('mall.empty');
    if (filter.keyword) title = t('mall.emptyKeyword', { keyword: filter.keyword });
    else if (filter.collected) title = t('mall.emptyCollected');
    const hint = filter.collected && !filter.keyword ? t('mall.emptyCollectedHint') : t('mall.emptyHint');
    body = <EmptyState title={title} description={hint} testId="mall-empty" />;
  } else body = <ProductGrid products={items} testId="mall-product-item" firstScreen />;

  return (
    <div className="mall-page" data-testid="mall-page">
      <div className="mall-header">
        <div className="mall-search">
          <SearchBox
            value={filter.keyword}
            placeholder={t('mall.searchPlaceholder')}
            onSearch={(keyword) => update({ keyword })}
            autoFocus={params.get('focus') === '1'}
            testId="mall-search"
          />
        </div>
        <div className="mall-sorts">
          <div className="mall-sort-tabs" role="tablist" aria-label={t('mall.sortBy')}>
            {PRODUCT_SORTS.map((sort) => (
              <button
                type="button"
                role="tab"
                key={sort}
                aria-selected={filter.sort === sort}
                className={filter.sort === sort ? 'mall-sort mall-sort-active' : 'mall-sort'}
                onClick={() => update({ sort: sort === 'new' ? undefined : sort })}
                data-testid={`mall-sort-${sort}`}
              >
                {sortLabels[sort]}
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-pressed={Boolean(filter.collected)}
            className={filter.collected ? 'mall-sort mall-collected mall-sort-active' : 'mall-sort mall-collected'}
            onClick={() => update({ collected: filter.collected ? undefined : '1' })}
            data-testid="mall-collected"
          >
            <HeartIcon />
            {t('mall.collected')}
          </button>
        </div>
        {categories.data && categories.data.length > 0 && (
          <CategoryChips
            categories={categories.data}
            activeId={filter.categoryId}
            onChoose={(id) => update({ categoryId: id === undefined ? undefined : String(id) })}
          />
        )}
      </div>
      <PullRefresh onRefresh={() => query.refetch()}>
        <div className="mall-results">
          <InfiniteList {...listProps} testId="mall-list">
            {body}
          </InfiniteList>
        </div>
      </PullRefresh>
      <CartButton />
    </div>
  );
}
