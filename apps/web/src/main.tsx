// antd-mobile's theme variables and base styles; the app shell imports its components by
// their own paths so that the package index (every component) stays out of the first script.
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startPageAt } from './app/routes.config';
import { startAppUpdateCheck } from './features/app-update/start-app-update';
import { startServiceWorker } from './features/pwa/start-service-worker';
import { startClock } from './lib/clock.store';
import { restoreLocale } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { installRemScaling } from './lib/rem-scaling';
import { getToken } from './lib/token-storage';
import './app/app.css';

installRemScaling();
startClock();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first page's code and data start loading beside the active locale's texts; the shell
// renders as soon as the texts are in, and the page fills it when its code arrives.
const [firstPath = '', firstSearch = ''] = window.location.hash.replace(/^#/, '').split('?');
startPageAt(firstPath || '/', firstSearch, queryClient, getToken() !== null);
void restoreLocale().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
// Once the first screen is idle: the update check inside the native shell, the service worker
// of a production build.
startAppUpdateCheck();
startServiceWorker();
