import NavBar from 'antd-mobile/es/components/nav-bar';
import { useTranslation } from 'react-i18next';
import { goBack } from '../lib/navigation';

/** The custom navigation bar: the page title, and a back button except on tab pages. */
export function AppNavBar({ title, canGoBack }: { title: string; canGoBack: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="app-nav-bar">
      <NavBar
        back={canGoBack ? '' : null}
        backIcon={canGoBack}
        onBack={goBack}
        aria-label={canGoBack ? t('common.back') : undefined}
        data-testid="nav-bar"
      >
        <span data-testid="nav-title">{title}</span>
      </NavBar>
    </header>
  );
}
