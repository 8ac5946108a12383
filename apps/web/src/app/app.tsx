import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect, useState } from 'react';
import { currentLocale, i18n, type Locale } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { AppRouter } from './router';

type AntdLocale = typeof zhCN;

// antd-mobile's own texts (pull to refresh, keyboard) follow the app's language.
const antdLocales: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'zh-Hans': () => Promise.resolve({ default: zhCN }),
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  en: () => import('antd-mobile/es/locales/en-US'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
};

function useAntdLocale(): AntdLocale {
  const [locale, setLocale] = useState<AntdLocale>(zhCN);
  useEffect(() => {
    const apply = () => {
      void antdLocales[currentLocale()]().then((module) => setLocale(module.default));
    };
    apply();
    return i18n.subscribe(apply);
  }, []);
  return locale;
}

export function App() {
  const antdLocale = useAntdLocale();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale}>
        <AppRouter />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
