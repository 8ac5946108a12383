import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { startClock } from './lib/clock.store';
import { restoreLocale } from './lib/i18n';
import { installRemScaling } from './lib/rem-scaling';
import './app/app.css';

// antd-mobile renders Toast and Dialog imperatively; under React 19 it needs createRoot.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

installRemScaling();
startClock();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

void restoreLocale().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
