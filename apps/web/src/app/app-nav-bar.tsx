import { useTranslation } from '../lib/use-translation';
import { goBack } from '../lib/navigation';
import { BackIcon } from './shell-icons';

/** The custom navigation bar: the page title, and a back button where going back leads somewhere. */
export function AppNavBar({ title, canGoBack }: { title: string; canGoBack: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="app-nav-bar">
      <div className="app-nav-bar-row" data-testid="nav-bar">
        <div className="app-nav-bar-side">
          {canGoBack && (
            <button
              type="button"
              className="app-nav-back"
              onClick={goBack}
              aria-label={t('common.back')}
              data-testid="nav-back"
            >
              <BackIcon />
            </button>
          )}
        </div>
        <div className="app-nav-bar-title" data-testid="nav-title">
          {title}
        </div>
        <div className="app-nav-bar-side" />
      </div>
    </header>
  );
}
