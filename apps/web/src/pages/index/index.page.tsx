import type { Banner, Category } from '@antique/shared';
import { ChevronRightIcon, GridIcon, SearchIcon } from '../../components/icons/common-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { Carousel } from '../../components/carousel/carousel';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InfiniteList } from '../../components/infinite-list/infinite-list';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { bannersQuery, useBannersQuery } from '../../features/mall/banner.api';
import { openBannerLink } from '../../features/mall/banner-link';
import { categoriesQuery, topCategories, useCategoriesQuery } from '../../features/mall/category.api';
import { CategoryIcon } from '../../features/mall/category-icon';
import { ProductGrid, ProductGridSkeleton, productPath } from '../../features/mall/product-card';
import { HOME_NEWEST, HOME_RECOMMENDED } from '../../features/mall/first-page.prefetch';
import {
  productListKey,
  productShelfQuery,
  useProductPages,
  useProductShelf,
} from '../../features/mall/product-list.api';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { HomeLots, refetchHomeLots } from '../../features/auctions/home-lots';
import { HomeNoticeBar } from '../../features/content/notice-bar';
import { LATEST_NOTICE_KEY } from '../../features/content/content.api';
import { describeError } from '../../lib/describe-error';
import './index.css';
import { pagePath, routePaths } from '../../lib/route-paths';

/** The specification's swiper: a slide every 5 s, each move taking 500 ms. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_DURATION_MS = 500;
const CATEGORY_PATH = routePaths.category;
const GRID_CATEGORIES = 9;

function BannerSwiper({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  return (
    <Carousel
      className="home-banner"
      testId="home-banner"
      label={t('home.banner')}
      autoplay={BANNER_AUTOPLAY_MS}
      duration={BANNER_DURATION_MS}
      dotsClassName="home-banner-indicator"
    >
      {banners.map((banner, index) => (
        <button
          key={banner.id}
          type="button"
          className="home-banner-item"
          onClick={() => openBannerLink(banner.link)}
          data-testid="home-banner-item"
          data-link={banner.link}
        >
          {/* The picture holds no writing: its headline is page text, legible on any picture. */}
          <LazyImage src={banner.image} alt="" ratio={2} eager={index === 0} />
          {banner.title && (
            <span className="home-banner-caption" data-testid="home-banner-title">
              {banner.title}
            </span>
          )}
        </button>
      ))}
    </Carousel>
  );
}

function BannerSection() {
  const query = useBannersQuery('home');
  if (query.isPending) return <div className="home-banner home-banner-placeholder lazy-image-loading" />;
  if (!query.data?.length) return null;
  return <BannerSwiper banners={query.data} />;
}

function CategoryGrid({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <nav className="home-categories" aria-label={t('home.categories')}>
      {categories.slice(0, GRID_CATEGORIES).map((category) => (
        <button
          type="button"
          key={category.id}
          className="home-category"
          onClick={() => go(pagePath('mall', { categoryId: category.id }))}
          data-testid="home-category-item"
          data-id={category.id}
        >
          <CategoryIcon category={category} />
          <span className="home-category-name">{category.name}</span>
        </button>
      ))}
      <button type="button" className="home-category" onClick={() => go(CATEGORY_PATH)} data-testid="home-category-all">
        <span className="category-icon category-icon-md category-icon-all" aria-hidden="true">
          <GridIcon />
        </span>
        <span className="home-category-name">{t('home.allCategories')}</span>
      </button>
    </nav>
  );
}

function CategorySection() {
  const query = useCategoriesQuery();
  if (query.isPending) {
    return (
      <div className="home-categories" aria-busy="true">
        {Array.from({ length: 10 }, (_, index) => (
          <div key={index} className="home-category">
            <span className="category-icon category-icon-md lazy-image-loading" />
            <span className="skeleton-bar" style={{ width: '2.5rem' }} />
          </div>
        ))}
      </div>
    );
  }
  const top = query.data ? topCategories(query.data) : [];
  if (top.length === 0) return null;
  return <CategoryGrid categories={top} />;
}

function RecommendedShelf() {
  const { t } = useTranslation();
  const query = useProductShelf(HOME_RECOMMENDED.filter, HOME_RECOMMENDED.size);
  const products = query.data?.list ?? [];
  if (!query.isPending && products.length === 0) return null;
  return (
    <section className="home-section">
      <div className="home-section-head">
        <h2 className="section-title home-section-title">{t('home.recommended')}</h2>
        <button type="button" className="home-more tap-target" onClick={() => go(pagePath('mall', { sort: 'sales' }))}>
          {t('home.more')}
          <ChevronRightIcon />
        </button>
      </div>
      <div className="home-shelf">
        {query.isPending
          ? Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="home-shelf-item">
                <div className="lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
              </div>
            ))
          : products.map((product) => (
              <button
                type="button"
                key={product.id}
                className="home-shelf-item"
                onClick={() => go(productPath(product.id))}
                data-testid="home-recommend-item"
                data-id={product.id}
              >
                <LazyImage src={product.cover} alt="" ratio={1} />
                <span className="home-shelf-title">{product.title}</span>
                <PriceText fen={product.price} size="sm" />
              </button>
            ))}
      </div>
    </section>
  );
}

function NewestList() {
  const { t } = useTranslation();
  const { query, items, listProps } = useProductPages(HOME_NEWEST);
  let body;
  if (query.isPending) body = <ProductGridSkeleton />;
  else if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={t('mall.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="home-products-error"
      />
    );
  } else if (items.length === 0) body = <EmptyState title={t('mall.empty')} testId="home-products-empty" />;
  else body = <ProductGrid products={items} testId="home-product-item" />;
  return (
    <section className="home-section">
      <div className="home-section-head">
        <h2 className="section-title home-section-title">{t('home.newest')}</h2>
      </div>
      <InfiniteList {...listProps} testId="home-products">
        {body}
      </InfiniteList>
    </section>
  );
}

/** Home: search, banners, the lots live and about to open, the categories, the best sellers and everything new. */
export default function IndexPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const belowShown = useAfterFirstPaint();

  // Through the client, not the sections' hooks: a hook here would render the whole page again
  // each time one of its sections' data changed.
  const refresh = () =>
    Promise.all([
      client.refetchQueries({ queryKey: bannersQuery('home').queryKey, type: 'active' }),
      client.refetchQueries({ queryKey: categoriesQuery.queryKey, type: 'active' }),
      client.refetchQueries({
        queryKey: productShelfQuery(HOME_RECOMMENDED.filter, HOME_RECOMMENDED.size).queryKey,
        type: 'active',
      }),
      client.refetchQueries({ queryKey: productListKey(HOME_NEWEST), type: 'active' }),
      refetchHomeLots(client),
      client.refetchQueries({ queryKey: LATEST_NOTICE_KEY, type: 'active' }),
    ]);

  return (
    <div className="home" data-testid="home-page">
      <PullRefresh onRefresh={refresh}>
        <div className="home-top">
          <button
            type="button"
            className="search-entry"
            onClick={() => go(pagePath('mall', { focus: 1 }))}
            data-testid="home-search"
          >
            <SearchIcon />
            <span>{t('home.searchPlaceholder')}</span>
          </button>
        </div>
        <BannerSection />
        <HomeNoticeBar />
        <HomeLots />
        <CategorySection />
        {/* The best sellers and the newest pieces sit below the lot shelves: they render after the first paint. */}
        {belowShown && (
          <>
            <RecommendedShelf />
            <NewestList />
          </>
        )}
      </PullRefresh>
    </div>
  );
}
