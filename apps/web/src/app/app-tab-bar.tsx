import TabBar from 'antd-mobile/es/components/tab-bar';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import { go } from '../lib/navigation';
import { pageRoutes, type TabName } from './routes.config';
import { GridIcon, HomeIcon, MemberIcon } from './shell-icons';

const icons: Record<TabName, ReactNode> = {
  home: <HomeIcon />,
  category: <GridIcon />,
  my: <MemberIcon />,
};

// A tab appears once its page exists, so the bar never leads to an empty screen.
const tabs = pageRoutes.filter((route) => route.tab && route.load);

export function AppTabBar({ activePath }: { activePath: string }) {
  const { t } = useTranslation();
  return (
    <nav className="app-tab-bar" data-testid="tab-bar">
      <TabBar activeKey={activePath} onChange={(path) => go(path, { replace: true })} safeArea>
        {tabs.map((route) => (
          <TabBar.Item
            key={route.path}
            icon={route.tab ? icons[route.tab] : null}
            title={<span data-testid={`tab-${route.tab ?? ''}`}>{t(`tabs.${route.tab ?? 'home'}`)}</span>}
          />
        ))}
      </TabBar>
    </nav>
  );
}
