import { ChevronRightIcon, SpeakerIcon } from '../../components/icons/common-icons';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';
import { articlePath } from './article-list';
import { useLatestNoticeQuery } from './content.api';
import './content.css';

/** The home page's notice bar: the newest notice opens it, "all" opens the list. Hidden while there is none. */
export function HomeNoticeBar() {
  const { t } = useTranslation();
  const query = useLatestNoticeQuery();
  const latest = query.data;
  if (!latest) return null;
  return (
    <div className="home-notice" data-testid="home-notice">
      <SpeakerIcon className="home-notice-icon" />
      <button
        type="button"
        className="home-notice-title"
        onClick={() => go(articlePath('notice', latest.id))}
        data-testid="home-notice-latest"
      >
        {latest.title}
      </button>
      <button
        type="button"
        className="home-notice-more tap-target"
        onClick={() => go(routePaths.noticeList)}
        data-testid="home-notice-more"
      >
        {t('content.allNotices')}
        <ChevronRightIcon />
      </button>
    </div>
  );
}
