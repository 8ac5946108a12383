import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { useUserStore } from '../../features/member/user.store';
import { changeLocale } from '../../lib/i18n';
import { getToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import { safeRedirect } from '../../lib/route-paths';
import LoginPage from './login.page';

const member = {
  id: 7,
  phone: '138****5678',
  nickname: '藏友5678',
  avatar: '',
  vipLevel: 1,
  inviteCode: 'AB12CD',
  realNameStatus: 'none',
  hasTradePassword: false,
  balance: 123400,
  frozen: 0,
  createdAt: 0,
};

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
});

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

describe('login page', () => {
  it('explains a bad phone number and an empty password without calling the server', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/pages/login/login');
    await user.type(screen.getByTestId('login-phone'), '12345');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeInTheDocument();
    expect(screen.getByText('请输入登录密码')).toBeInTheDocument();
    // Only the house's strip (关于本行) was read.
    expect(calls.filter((c) => !c.url.endsWith('/house'))).toHaveLength(0);
  });

  it('stores the token, loads the member and goes back to the page the member came from', async () => {
    const { calls } = stubFetch(({ url }) =>
      url.endsWith('/member/login')
        ? envelopeResponse({ code: 200, msg: 'ok', data: { token: 'fresh-token', expiresAt: 1 } })
        : envelopeResponse({ code: 200, msg: 'ok', data: member }),
    );
    const user = userEvent.setup();
    const { router } = renderPage(<LoginPage />, '/pages/login/login?redirect=%2Fpages%2Frealname%2Frealname');
    await user.type(screen.getByTestId('login-phone'), '13812345678');
    await user.type(screen.getByTestId('login-password'), 'abc12345');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/realname/realname'));
    expect(getToken()).toBe('fresh-token');
    expect(useUserStore.getState().userInfo?.nickname).toBe('藏友5678');
    const login = calls.find((c) => c.url.endsWith('/member/login'));
    expect(JSON.parse(String(login?.init.body))).toEqual({ phone: '13812345678', password: 'abc12345' });
  });

  it('shows the wrong-password message under the password', async () => {
    stubFetch(() =>
      envelopeResponse({ code: 400, msg: '手机号或密码错误', data: { reason: 'LOGIN_FAILED' } }, { status: 400 }),
    );
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/pages/login/login');
    await user.type(screen.getByTestId('login-phone'), '13812345678');
    await user.type(screen.getByTestId('login-password'), 'wrong123');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('手机号或密码错误');
    expect(getToken()).toBeNull();
  });

  it('only redirects to in-app pages other than login and register', () => {
    expect(safeRedirect('/pages/bill/bill?type=deposit')).toBe('/pages/bill/bill?type=deposit');
    expect(safeRedirect('https://evil.example')).toBe('/pages/my/my');
    expect(safeRedirect('/pages/login/login')).toBe('/pages/my/my');
    expect(safeRedirect(undefined)).toBe('/pages/my/my');
  });
});
