import { SearchIcon } from '../../components/icons/common-icons';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { pagePath, routePaths } from '../../lib/route-paths';
import './search.css';

/** Above the auction list: the search (over lots, with filters) and 成交结果. */
export function AuctionSearchEntry() {
  const { t } = useTranslation();
  return (
    <div className="auction-search-entry">
      <button
        type="button"
        className="search-bar auction-search-entry-bar"
        onClick={() => go(pagePath('search', { scope: 'auction' }))}
        data-testid="auction-search-entry"
      >
        <SearchIcon className="search-bar-icon" />
        <span className="auction-search-entry-text">{t('search.entry')}</span>
      </button>
      <button
        type="button"
        className="search-link"
        onClick={() => go(routePaths.auctionResults)}
        data-testid="auction-results-entry"
      >
        {t('routes.auctionResults')}
      </button>
    </div>
  );
}
