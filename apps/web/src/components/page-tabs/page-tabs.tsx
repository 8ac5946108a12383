import { Tabs } from 'antd-mobile';
import './page-tabs.css';

interface PageTabsProps<K extends string> {
  tabs: readonly { key: K; title: string }[];
  active: K;
  onChange(key: K): void;
  /** Each tab's title carries `<testIdPrefix>-<key>`. */
  testIdPrefix: string;
}

/** Status tabs that stay under the navigation bar while the list scrolls. */
export function PageTabs<K extends string>({ tabs, active, onChange, testIdPrefix }: PageTabsProps<K>) {
  return (
    <div className="page-tabs">
      <Tabs activeKey={active} onChange={(key) => onChange(key as K)} stretch>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.key}
            title={
              <span data-testid={`${testIdPrefix}-${tab.key}`} data-active={tab.key === active}>
                {tab.title}
              </span>
            }
          />
        ))}
      </Tabs>
    </div>
  );
}
