import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import './watch.css';

/** Under the auction list's session filter: the chosen session's own page (its order of ending, its results). */
export function SessionPageLink({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="session-page-link tap-target"
      onClick={() => go(pagePath('auctionSession', { id }))}
      data-testid="session-page-link"
    >
      {t('follow.session.view')}
      <ChevronRightIcon />
    </button>
  );
}
