import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelopeResponse, stubFetch } from '../test/fetch-stub';
import { queryClient } from '../lib/query-client';
import { HOME_PATH, LOGIN_PATH, routePaths } from '../lib/route-paths';
import { setToken } from '../lib/token-storage';
import { AppLayout } from './app-layout';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path={path} element={<div data-testid="page" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** The browser's history as the app's hash router numbers it: 0 for the first page of a visit. */
const historyAt = (idx: number) => window.history.replaceState({ idx }, '');

beforeEach(() => {
  stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: { id: 1, nickname: 'n', balance: 0, frozen: 0 } }));
});

afterEach(() => {
  historyAt(0);
  queryClient.clear();
});

describe('the navigation bar’s back arrow', () => {
  it('is not shown to a guest who opened the app on the login page: home would only lead back to it', async () => {
    historyAt(0);
    renderAt(LOGIN_PATH);
    expect(await screen.findByTestId('nav-title')).toHaveTextContent('登录');
    expect(screen.queryByTestId('nav-back')).toBeNull();
  });

  it('is shown, named 返回, once the guest came from another page', async () => {
    historyAt(1);
    renderAt(routePaths.register);
    expect(await screen.findByRole('button', { name: '返回' })).toBeVisible();
  });

  it('is shown to a member without history (it leads home) but never on a tab page', async () => {
    setToken('member-token');
    historyAt(0);
    renderAt(routePaths.orderList);
    expect(await screen.findByTestId('nav-back')).toBeVisible();
  });

  it('is not shown on a tab page', async () => {
    setToken('member-token');
    historyAt(3);
    renderAt(HOME_PATH);
    expect(await screen.findByTestId('nav-title')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-back')).toBeNull();
  });
});
