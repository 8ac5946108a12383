import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Outlet, useLocation } from 'react-router';
import { MessageBox } from '../components/message-box/message-box';
import { LiveNotices } from '../features/auctions/live-notices';
import { AppNavBar } from './app-nav-bar';
import { AppTabBar } from './app-tab-bar';
import { AuthGuard } from './auth-guard';
import { hasHistory } from '../lib/navigation';
import { usePageTitleStore } from '../lib/page-title.store';
import { closePageOverlays } from '../lib/page-overlays';
import { getToken } from '../lib/token-storage';
import { findPageRoute } from './routes.config';
import { useScrollMemory } from './scroll-memory';
import { usePageKey } from './use-page-key';

/** The frame of every page: navigation bar, the page, and the tab bar on tab pages. */
export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const pageKey = usePageKey();
  const route = findPageRoute(location.pathname);
  const override = usePageTitleStore((state) => state.title);
  // A route whose page does not exist yet is presented as not found.
  const built = route?.load !== undefined;
  const title = override ?? (built && route ? t(`routes.${route.title}`) : t('routes.notFound'));
  const isTab = built && route?.tab !== undefined;
  // Without history, back leads home, which sends a guest straight back to login: no arrow then.
  const canGoBack = !isTab && (hasHistory() || getToken() !== null);

  useEffect(() => {
    const brand = t('common.brand');
    document.title = title === brand ? brand : `${title} - ${brand}`;
  }, [title, t]);

  useScrollMemory(pageKey);

  // What the last page left open over itself (a confirmation, a dialog) goes with it; its own
  // sheets and popups unmount with it (the page is keyed by pageKey). A layout effect, so that
  // it runs before the new page's own effects, which may open something of their own.
  const shownPage = useRef(pageKey);
  useLayoutEffect(() => {
    if (shownPage.current === pageKey) return;
    shownPage.current = pageKey;
    closePageOverlays();
  }, [pageKey]);

  return (
    <div className={isTab ? 'app-shell app-shell-tab' : 'app-shell'}>
      <AuthGuard />
      <AppNavBar title={title} canGoBack={canGoBack} />
      <main key={pageKey} className={isTab ? 'app-page' : 'app-page app-page-enter'}>
        <Outlet />
      </main>
      {isTab && route && <AppTabBar activePath={route.path} />}
      <MessageBox />
      <LiveNotices />
    </div>
  );
}
