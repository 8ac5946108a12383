import NavBar from 'antd-mobile/es/components/nav-bar';
import { useTranslation } from 'react-i18next';
import { goBack } from '../lib/navigation';
import { BackIcon } from './shell-icons';

/** The custom navigation bar: the page title, and a back button where going back leads somewhere. */
export function AppNavBar({ title, canGoBack }: { title: string; canGoBack: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="app-nav-bar">
      <NavBar
        back={null}
        backIcon={false}
        left={
          canGoBack ? (
            <button
              type="button"
              className="app-nav-back"
              onClick={goBack}
              aria-label={t('common.back')}
              data-testid="nav-back"
            >
              <BackIcon />
            </button>
          ) : null
        }
        data-testid="nav-bar"
      >
        <span data-testid="nav-title">{title}</span>
      </NavBar>
    </header>
  );
}
