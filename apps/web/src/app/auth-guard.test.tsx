import { accountsApi } from '@antique/shared/routes';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, stubFetch } from '../test/fetch-stub';
import { call } from '../lib/request';
import { getToken, setToken } from '../lib/token-storage';
import { AUTH_CHECK_DELAY_MS, AuthGuard, guestRedirect } from './auth-guard';
import { queryClient } from '../lib/query-client';

function Shell() {
  return (
    <>
      <AuthGuard />
      <Outlet />
    </>
  );
}

function page(name: string) {
  return <div data-testid="page">{name}</div>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/pages/login/login', element: page('login') },
          { path: '/pages/register/register', element: page('register') },
          { path: '/pages/rule/rule', element: page('rule') },
          { path: '/pages/my/my', element: page('my') },
          { path: '/pages/index/index', element: page('home') },
          { path: '/', element: page('home') },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  stubFetch(() =>
    envelopeResponse({
      code: 200,
      msg: 'ok',
      data: {
        id: 1,
        phone: '138****5678',
        nickname: 'n',
        avatar: '',
        vipLevel: 0,
        inviteCode: 'AB12',
        realNameStatus: 'none',
        hasTradePassword: false,
        balance: 0,
        frozen: 0,
        createdAt: 0,
      },
    }),
  );
});

afterEach(() => {
  queryClient.clear();
});

describe('guestRedirect', () => {
  it('lets guests reach only login, register and rule', () => {
    expect(guestRedirect('/pages/login/login', '', false)).toBeNull();
    expect(guestRedirect('/pages/register/register', '?inviteCode=AB12', false)).toBeNull();
    expect(guestRedirect('/pages/rule/rule', '?id=agreement', false)).toBeNull();
    expect(guestRedirect('/pages/my/my', '', false)).toBe('/pages/login/login?redirect=%2Fpages%2Fmy%2Fmy');
    expect(guestRedirect('/pages/index/index', '', false)).toContain('/pages/login/login');
    expect(guestRedirect('/pages/mall/mall', '', false)).toContain('/pages/login/login');
    expect(guestRedirect('/', '', false)).toBe('/pages/login/login');
    expect(guestRedirect('/pages/my/my', '', true)).toBeNull();
  });
});

describe('auth guard', () => {
  it('sends a guest from a protected route to login at launch', async () => {
    const router = renderAt('/pages/my/my');
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/login/login');
    expect(router.state.location.search).toBe('?redirect=%2Fpages%2Fmy%2Fmy');
  });

  it.each([
    ['/pages/login/login', 'login'],
    ['/pages/register/register?inviteCode=AB12', 'register'],
    ['/pages/rule/rule?id=agreement', 'rule'],
  ])('lets a guest stay on %s', async (entry, name) => {
    vi.useFakeTimers();
    const router = renderAt(entry);
    await act(() => vi.advanceTimersByTimeAsync(AUTH_CHECK_DELAY_MS * 2));
    expect(screen.getByTestId('page')).toHaveTextContent(name);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(entry);
  });

  it('looks again after 200 ms: a token gone by then sends the member to login', async () => {
    vi.useFakeTimers();
    setToken('token-at-launch');
    const router = renderAt('/pages/my/my');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('page')).toHaveTextContent('my');

    window.localStorage.clear();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_CHECK_DELAY_MS - 1));
    expect(router.state.location.pathname).toBe('/pages/my/my');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/pages/login/login');
  });

  it('loads the member info at launch when a token is stored', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    setToken('token');
    renderAt('/pages/my/my');
    await act(() => Promise.resolve());
    expect(calls.some((call) => call.url === '/v1/iyd/member/info')).toBe(true);
  });

  it('a 301 or 302 on any call clears the token and sends the member to login', async () => {
    setToken('token');
    const router = renderAt('/pages/my/my');
    expect(await screen.findByText('my')).toBeInTheDocument();
    stubFetch(() =>
      envelopeResponse({ code: 302, msg: '登录已过期', data: { reason: 'SESSION_EXPIRED' } }, { status: 401 }),
    );
    await act(async () => {
      await call(accountsApi.info, {}).catch(() => undefined);
    });
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/pages/login/login');
    expect(router.state.location.search).toBe('?redirect=%2Fpages%2Fmy%2Fmy');
  });
});
