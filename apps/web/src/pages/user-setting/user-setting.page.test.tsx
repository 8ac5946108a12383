import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessageBox } from '../../components/message-box/message-box';
import { useUserStore } from '../../features/member/user.store';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { getToken, setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import UserSettingPage from './user-setting.page';

const member = { id: 7, phone: '138****5678', nickname: '藏友5678', avatar: '', balance: 0, frozen: 0 };

function renderSettings() {
  return renderPage(
    <>
      <UserSettingPage />
      <MessageBox />
    </>,
    '/pages/user-setting/user-setting',
  );
}

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
  setToken('session-1');
  useUserStore.getState().setUserInfo(member as never);
});

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

describe('logging out', () => {
  it('asks first, ends the session on the server with its token, then forgets it and goes to login', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { router } = renderSettings();
    await user.click(screen.getByTestId('setting-logout'));
    expect(await screen.findByTestId('message-box-msg')).toHaveTextContent('确定要退出当前账户吗？');
    expect(calls).toHaveLength(0);

    await user.click(screen.getByTestId('message-box-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    const logout = calls.find((call) => call.url.endsWith('/v1/iyd/member/logout'));
    expect(logout?.init.method).toBe('POST');
    expect(new Headers(logout?.init.headers).get('Authorization')).toBe('Bearer session-1');
    expect(getToken()).toBeNull();
    expect(useUserStore.getState().userInfo).toBeNull();
  });

  it('logs out on the phone even when the server cannot be reached', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { router } = renderSettings();
    await user.click(screen.getByTestId('setting-logout'));
    await user.click(await screen.findByTestId('message-box-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(getToken()).toBeNull();
  });

  it('keeps the session when the member cancels', async () => {
    const { calls } = stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: {} }));
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderSettings();
    await user.click(screen.getByTestId('setting-logout'));
    await user.click(await screen.findByTestId('message-box-cancel'));
    expect(getToken()).toBe('session-1');
    expect(calls.some((call) => call.url.endsWith('/member/logout'))).toBe(false);
  });
});

describe('the member shown', () => {
  it('shows the avatar, falling back to the nickname’s first character, and the VIP level', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: null }));
    useUserStore.getState().setUserInfo({ ...member, vipLevel: 3 } as never);
    renderSettings();
    const avatar = await screen.findByTestId('member-avatar');
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar).toHaveTextContent('藏');
    expect(screen.getByTestId('setting-vip')).toHaveTextContent('会员等级');
    expect(screen.getByTestId('vip-badge')).toHaveTextContent('VIP3');
  });

  it('shows the member’s photo when there is one', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: null }));
    useUserStore.getState().setUserInfo({ ...member, avatar: '/files/avatar/7.jpg', vipLevel: 0 } as never);
    renderSettings();
    expect(await screen.findByTestId('member-avatar')).toHaveAttribute('src', '/files/avatar/7.jpg');
    expect(screen.getByTestId('vip-badge')).toHaveTextContent('VIP0');
  });
});
