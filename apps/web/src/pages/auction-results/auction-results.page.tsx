import { FilterOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { useCategoriesQuery } from '../../features/mall/category.api';
import {
  activeFilterCount,
  readSearchState,
  searchQuery,
  useSoldResults,
  type SearchFilters,
} from '../../features/search/search.api';
import { SearchFilterSheet } from '../../features/search/search-filter-sheet';
import { SearchBox } from '../../components/search-box/search-box';
import { SoldRow } from '../../features/search/search-rows';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';

/** 成交结果: every lot the house sold, newest first, with its hammer and date, searchable like the auctions. */
export default function AuctionResultsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const filters: SearchFilters = {
    keyword: state.keyword,
    categoryId: state.categoryId,
    era: state.era,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
  };
  const [sheetOpen, setSheetOpen] = useState(false);
  const paged = useSoldResults(filters);
  const categories = useCategoriesQuery().data ?? [];
  const department = categories.find((c) => c.id === state.categoryId)?.name;
  const count = activeFilterCount(filters);
  const total = paged.firstPage?.total;

  const update = (patch: SearchFilters) => {
    const query = searchQuery({ ...filters, ...patch });
    setParams(
      Object.fromEntries(
        Object.entries(query)
          .filter((e): e is [string, string | number] => e[1] !== undefined)
          .map(([k, v]) => [k, String(v)]),
      ),
      { replace: true },
    );
    window.scrollTo(0, 0);
  };

  return (
    <div className="auction-results-page" data-testid="auction-results-page">
      <div className="search-head">
        <SearchBox
          value={state.keyword}
          placeholder={t('search.resultsPlaceholder')}
          onSearch={(keyword) => update({ keyword })}
          testId="results-search"
        />
        <div className="search-tools">
          <button
            type="button"
            className={count > 0 ? 'search-tool search-tool-active' : 'search-tool'}
            onClick={() => setSheetOpen(true)}
            data-testid="results-filter"
          >
            <FilterOutline />
            {count > 0 ? t('search.filterCount', { count }) : t('search.filterButton')}
          </button>
          {department && <span className="search-badge">{department}</span>}
          {state.era && <span className="search-badge">{state.era}</span>}
          {total !== undefined && (
            <span className="search-row-meta" data-testid="results-total">
              {t('search.resultsTotal', { count: total })}
            </span>
          )}
          <button
            type="button"
            className="search-link"
            onClick={() => go(pagePath('search', searchQuery({ ...filters, scope: 'auction' })))}
            data-testid="results-to-search"
          >
            {t('search.openLots')}
          </button>
        </div>
      </div>
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        <div className="search-section">
          <PagedListBody
            paged={paged}
            loading={<LinesSkeleton lines={4} testId="results-loading" />}
            errorTitle={t('search.loadFailed')}
            empty={{
              title: state.keyword ? t('search.noResultsFor', { keyword: state.keyword }) : t('search.noResults'),
              description: t('search.noResultsHint'),
            }}
            testId="results-list"
            infiniteTestId="results-list"
            renderItem={(lot) => <SoldRow lot={lot} keyword={state.keyword} />}
          />
        </div>
      </PullRefresh>
      <SearchFilterSheet
        visible={sheetOpen}
        value={filters}
        categories={categories}
        showStatus={false}
        onClose={() => setSheetOpen(false)}
        onApply={({ status: _status, ...value }) => {
          setSheetOpen(false);
          update({ ...value, keyword: state.keyword });
        }}
      />
    </div>
  );
}
