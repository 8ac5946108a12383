import type { SavedSearch } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { useCategoriesQuery } from '../../features/mall/category.api';
import { removeSavedSearch, searchQuery, useSavedSearches } from '../../features/search/search.api';
import '../../features/search/search.css';
import { describeError } from '../../lib/describe-error';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { showSuccessToast, showToast } from '../../lib/toast';

/** 我的搜索: the member's saved searches; each opens its results, or is deleted. */
export default function SavedSearchListPage() {
  const { t } = useTranslation();
  const paged = useSavedSearches();
  const categories = useCategoriesQuery().data ?? [];

  const describe = (s: SavedSearch) => {
    const parts = [t(`search.kind.${s.kind}`)];
    const department = categories.find((c) => c.id === s.categoryId)?.name;
    if (department) parts.push(department);
    if (s.era) parts.push(s.era);
    if (s.minPrice !== null || s.maxPrice !== null) {
      parts.push(
        s.maxPrice === null
          ? t('search.priceFrom', { min: formatMoney(s.minPrice ?? 0) })
          : s.minPrice === null
            ? t('search.priceTo', { max: formatMoney(s.maxPrice) })
            : t('search.priceRange', { min: formatMoney(s.minPrice), max: formatMoney(s.maxPrice) }),
      );
    }
    return parts.join(' · ');
  };

  const remove = async (s: SavedSearch) => {
    const ok = await showMessageBox({
      title: t('search.deleteTitle'),
      msg: s.keyword || describe(s),
      confirmText: t('search.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await removeSavedSearch(s.id);
      showSuccessToast(t('search.deleted'));
    } catch (error) {
      showToast(describeError(error, t));
    }
  };

  return (
    <div className="saved-search-list-page" data-testid="saved-search-list-page">
      <p className="search-hint">{t('search.savedIntro')}</p>
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        <PagedListBody
          paged={paged}
          loading={<LinesSkeleton lines={4} testId="saved-loading" />}
          errorTitle={t('search.loadFailed')}
          empty={{ title: t('search.savedEmpty'), description: t('search.savedEmptyHint') }}
          testId="saved-list"
          renderItem={(s) => (
            <div className="saved-row" data-testid="saved-search" data-id={s.id}>
              <button
                type="button"
                className="saved-row-open"
                onClick={() =>
                  go(
                    pagePath(
                      'search',
                      searchQuery({
                        keyword: s.keyword || undefined,
                        categoryId: s.categoryId ?? undefined,
                        era: s.era ?? undefined,
                        minPrice: s.minPrice ?? undefined,
                        maxPrice: s.maxPrice ?? undefined,
                        scope: s.kind === 'both' ? 'all' : s.kind,
                      }),
                    ),
                  )
                }
                data-testid="saved-search-open"
              >
                <span className="saved-row-title">{s.keyword || t('search.noKeyword')}</span>
                <span className="saved-row-meta">{describe(s)}</span>
                <span className="saved-row-meta">
                  {s.lastMatchedAt
                    ? t('search.lastMatched', { time: formatDateTime(s.lastMatchedAt) })
                    : t('search.neverMatched')}
                </span>
              </button>
              <button
                type="button"
                className="saved-row-delete"
                onClick={() => void remove(s)}
                data-testid="saved-search-delete"
              >
                {t('search.delete')}
              </button>
            </div>
          )}
        />
      </PullRefresh>
    </div>
  );
}
