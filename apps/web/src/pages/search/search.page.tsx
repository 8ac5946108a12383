import type { LotListStatus } from '@antique/shared';
import { FilterOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state/empty-state';
import { PagedListBody, LinesSkeleton } from '../../components/paged-list/paged-list-body';
import { useLotStream } from '../../features/auctions/use-lot-stream';
import { useCategoriesQuery } from '../../features/mall/category.api';
import {
  activeFilterCount,
  hasCriteria,
  readSearchState,
  saveSearch,
  searchQuery,
  searchScopes,
  useLotResults,
  useProductResults,
  type SearchScope,
  type SearchSort,
  type SearchState,
} from '../../features/search/search.api';
import { SearchFilterSheet } from '../../features/search/search-filter-sheet';
import { SearchBox } from '../../components/search-box/search-box';
import { ProductRow } from '../../features/search/search-rows';
import { LotRow } from './lot-row';
import { describeError } from '../../lib/describe-error';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

/** On 全部, each part shows this many and leads to its own tab. */
const PREVIEW = 3;
const SUGGESTIONS = ['青花瓷碗', '康熙', '粉彩', '田黄', '黄花梨'];

function sortsOf(scope: SearchScope): SearchSort[] {
  return scope === 'mall'
    ? ['relevance', 'newest', 'price', 'price_desc']
    : ['relevance', 'ending', 'newest', 'price', 'price_desc'];
}

function Products({ state, preview, onMore }: { state: SearchState; preview: boolean; onMore(): void }) {
  const { t } = useTranslation();
  const paged = useProductResults(state, state.sort, preview ? PREVIEW : undefined);
  const total = paged.firstPage?.total ?? 0;
  return (
    <section className="search-section" data-testid="search-products">
      <div className="search-section-head">
        <h2 className="search-section-title">{t('search.mallSection', { count: total })}</h2>
        {preview && total > PREVIEW && (
          <button type="button" className="search-link" onClick={onMore} data-testid="search-products-more">
            {t('search.seeAll')}
          </button>
        )}
      </div>
      <PagedListBody
        paged={preview ? { ...paged, listProps: { ...paged.listProps, hasMore: false } } : paged}
        loading={<LinesSkeleton lines={3} testId="search-products-loading" />}
        errorTitle={t('search.loadFailed')}
        empty={{ title: t('search.noProducts') }}
        testId="search-product-list"
        renderItem={(product) => <ProductRow product={product} keyword={state.keyword} />}
      />
    </section>
  );
}

function Lots({
  state,
  status,
  preview,
  onMore,
}: {
  state: SearchState;
  status: LotListStatus;
  preview: boolean;
  onMore(): void;
}) {
  const { t } = useTranslation();
  const paged = useLotResults(state, status, state.sort, preview ? PREVIEW : undefined);
  useLotStream(status === 'ended' ? [] : paged.items.map((lot) => lot.id));
  const total = paged.firstPage?.total ?? 0;
  return (
    <section className="search-section" data-testid="search-lots" data-status={status}>
      <div className="search-section-head">
        <h2 className="search-section-title">
          {t('search.auctionSection', { status: t(`auction.tabs.${status}`), count: total })}
        </h2>
        {preview && total > PREVIEW && (
          <button type="button" className="search-link" onClick={onMore} data-testid="search-lots-more">
            {t('search.seeAll')}
          </button>
        )}
      </div>
      <PagedListBody
        paged={preview ? { ...paged, listProps: { ...paged.listProps, hasMore: false } } : paged}
        loading={<LinesSkeleton lines={3} testId="search-lots-loading" />}
        errorTitle={t('search.loadFailed')}
        empty={{ title: t('search.noLots') }}
        testId="search-lot-list"
        renderItem={(lot) => <LotRow lot={lot} keyword={state.keyword} />}
      />
    </section>
  );
}

/** Search over the mall and the auctions together, by the words collectors type, with filters, sorts and 保存搜索. */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const categories = useCategoriesQuery().data ?? [];

  const update = (patch: Partial<SearchState>) => {
    const next = { ...state, ...patch };
    if (!sortsOf(next.scope).includes(next.sort)) next.sort = 'relevance';
    const query = searchQuery(next);
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

  const save = async () => {
    setSaving(true);
    try {
      await saveSearch(state, state.scope);
      showSuccessToast(t('search.saved'));
    } catch (error) {
      showToast(
        isRequestError(error) && error.reason === 'SAVED_SEARCH_LIMIT'
          ? t('search.savedLimit')
          : describeError(error, t),
      );
    } finally {
      setSaving(false);
    }
  };

  const filters = activeFilterCount(state);
  // Unless a state is chosen, what is on now and what is about to open: a collector following
  // a piece wants both before it is too late.
  const lotStatuses: LotListStatus[] = state.status ? [state.status] : ['live', 'upcoming'];
  const department = categories.find((c) => c.id === state.categoryId)?.name;
  const searching = hasCriteria(state);

  return (
    <div className="search-page" data-testid="search-page">
      <div className="search-head">
        <SearchBox
          value={state.keyword}
          placeholder={t('search.placeholder')}
          onSearch={(keyword) => update({ keyword })}
          autoFocus={!state.keyword}
        />
        <div className="search-scope" role="tablist">
          {searchScopes.map((scope) => (
            <button
              type="button"
              role="tab"
              key={scope}
              aria-selected={state.scope === scope}
              className={state.scope === scope ? 'search-scope-tab search-scope-tab-active' : 'search-scope-tab'}
              onClick={() => update({ scope })}
              data-testid={`search-scope-${scope}`}
            >
              {t(`search.scope.${scope}`)}
            </button>
          ))}
        </div>
        <div className="search-tools">
          <button
            type="button"
            className={filters > 0 ? 'search-tool search-tool-active' : 'search-tool'}
            onClick={() => setSheetOpen(true)}
            data-testid="search-filter"
          >
            <FilterOutline />
            {filters > 0 ? t('search.filterCount', { count: filters }) : t('search.filterButton')}
          </button>
          {sortsOf(state.scope).map((sort) => (
            <button
              type="button"
              key={sort}
              aria-pressed={state.sort === sort}
              className={state.sort === sort ? 'search-tool search-tool-active' : 'search-tool'}
              onClick={() => update({ sort })}
              data-testid={`search-sort-${sort}`}
            >
              {t(`search.sort.${sort}`)}
            </button>
          ))}
        </div>
      </div>

      {searching ? (
        <>
          <div className="search-tools search-section" data-testid="search-summary">
            {department && <span className="search-badge">{department}</span>}
            {state.era && <span className="search-badge">{state.era}</span>}
            <button
              type="button"
              className="search-tool"
              onClick={() => void save()}
              disabled={saving}
              data-testid="search-save"
            >
              {t('search.save')}
            </button>
            <button type="button" className="search-link" onClick={() => go(routePaths.savedSearchList)}>
              {t('routes.savedSearchList')}
            </button>
          </div>
          {state.scope !== 'auction' && (
            <Products state={state} preview={state.scope === 'all'} onMore={() => update({ scope: 'mall' })} />
          )}
          {state.scope !== 'mall' &&
            lotStatuses.map((status) => (
              <Lots
                key={status}
                state={state}
                status={status}
                preview={state.scope === 'all'}
                onMore={() => update({ scope: 'auction', status })}
              />
            ))}
        </>
      ) : (
        <div className="search-hint" data-testid="search-hint">
          <EmptyState title={t('search.hintTitle')} description={t('search.hint')} testId="search-empty" />
          <div className="search-hint-words">
            {SUGGESTIONS.map((word) => (
              <button
                type="button"
                key={word}
                className="search-chip"
                onClick={() => update({ keyword: word })}
                data-testid="search-suggestion"
              >
                {word}
              </button>
            ))}
          </div>
          <div className="search-hint-words">
            <button
              type="button"
              className="search-link"
              onClick={() => go(routePaths.auctionResults)}
              data-testid="search-to-results"
            >
              {t('routes.auctionResults')} ›
            </button>
            <button type="button" className="search-link" onClick={() => go(routePaths.savedSearchList)}>
              {t('routes.savedSearchList')} ›
            </button>
          </div>
        </div>
      )}

      <SearchFilterSheet
        visible={sheetOpen}
        value={state}
        categories={categories}
        showStatus={state.scope !== 'mall'}
        onClose={() => setSheetOpen(false)}
        onApply={(value) => {
          setSheetOpen(false);
          update(value);
        }}
      />
    </div>
  );
}
