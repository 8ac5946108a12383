import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import { bindNavigator } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { routePaths } from '../../lib/route-paths';
import { setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import TradePasswordPage from './trade-password.page';
import { renderRouter } from '../../test/render-page';

const member = { id: 4, phone: '138****0004', nickname: '藏友', hasTradePassword: false, realNameStatus: 'verified' };
const WITHDRAW = routePaths.withdraw;

function serve() {
  const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
  return stubFetch(({ url }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/v1/iyd/captcha') return ok({ captchaId: 'c1', image: 'data:image/svg+xml;base64,PHN2Zy8+' });
    if (path === '/v1/iyd/send') return ok({ expiresIn: 300, resendIn: 60 });
    if (path === '/v1/iyd/member/password/trade') return ok({ hasTradePassword: true });
    return ok(member);
  });
}

/** The app's history as the hash router numbers it: 0 for the first page of a visit. */
const historyAt = (idx: number) => window.history.replaceState({ idx }, '');

type Entry = string | { pathname: string; search?: string; state?: unknown };

function renderAt(entries: Entry[]) {
  const router = createMemoryRouter(
    [
      { path: routePaths.tradePassword, element: <TradePasswordPage /> },
      { path: WITHDRAW, element: <div data-testid="withdraw-page" /> },
      { path: routePaths.my, element: <div data-testid="my-page" /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  renderRouter(router);
  return router;
}

async function setTradePassword() {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.type(await screen.findByTestId('captcha-input'), 'ab12');
  await user.click(screen.getByTestId('sms-send'));
  await user.type(screen.getByTestId('trade-password-sms-code'), '123456');
  await user.click(screen.getByTestId('trade-password-new'));
  // The member types once the keypad shows.
  await screen.findByTestId('password-popup');
  await user.keyboard('246810');
  await waitFor(() => expect(screen.getByTestId('trade-password-new')).toHaveAttribute('data-filled', 'true'));
  await user.keyboard('246810');
  await waitFor(() => expect(screen.getByTestId('trade-password-confirm')).toHaveAttribute('data-filled', 'true'));
  await user.click(screen.getByTestId('trade-password-submit'));
}

beforeEach(() => {
  setToken('member-token');
  useUserStore.getState().setUserInfo(member as never);
});

afterEach(() => {
  historyAt(0);
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
  bindNavigator(null);
});

describe('after setting the trade password the member returns to where they came from', () => {
  it('back to the withdraw page that sent them (one step back, no second copy of it)', async () => {
    const { calls } = serve();
    historyAt(1);
    const from = WITHDRAW;
    const router = renderAt([
      WITHDRAW,
      { pathname: routePaths.tradePassword, search: `?from=${encodeURIComponent(from)}`, state: { from } },
    ]);
    await setTradePassword();
    await waitFor(() => expect(router.state.location.pathname).toBe(WITHDRAW));
    expect(router.state.historyAction).toBe('POP');
    expect(calls.some((call) => call.url.includes('/member/password/trade'))).toBe(true);
  });

  it('to that page in place of this one when the visit began here (opened from a link or after a reload)', async () => {
    serve();
    historyAt(0);
    const router = renderAt([`${routePaths.tradePassword}?from=${encodeURIComponent(`${WITHDRAW}?x=1`)}`]);
    await setTradePassword();
    await waitFor(() => expect(router.state.location.pathname).toBe(WITHDRAW));
    expect(router.state.location.search).toBe('?x=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('to 我的, not the home page, when nothing says where they came from', async () => {
    serve();
    historyAt(0);
    const router = renderAt([routePaths.tradePassword]);
    await setTradePassword();
    await waitFor(() => expect(router.state.location.pathname).toBe(routePaths.my));
  });

  it('never to an outside address or a sign-in page named in from', async () => {
    serve();
    historyAt(0);
    const router = renderAt([`${routePaths.tradePassword}?from=${encodeURIComponent('https://evil.example/')}`]);
    await setTradePassword();
    await waitFor(() => expect(router.state.location.pathname).toBe(routePaths.my));
  });
});
