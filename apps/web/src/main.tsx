// antd-mobile's theme variables and base styles; the app shell imports its components by
// their own paths so that the package index (every component) stays out of the first script.
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadPageAt } from './app/routes.config';
import { startClock } from './lib/clock.store';
import { restoreLocale } from './lib/i18n';
import { installRemScaling } from './lib/rem-scaling';
import './app/app.css';

installRemScaling();
startClock();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The active locale's texts and the first page's code load side by side, before the first render.
const firstPath = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
void Promise.all([restoreLocale(), loadPageAt(firstPath)]).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Imperative pieces (toasts, Dialog.show) need antd-mobile's React 19 renderer: set it up once idle.
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  idle(() => void import('./lib/antd-render'));
});
