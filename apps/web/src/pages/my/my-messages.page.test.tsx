import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import { memberInfoKey } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import MyPage from './my.page';

const member = {
  id: 7,
  phone: '138****5678',
  nickname: '藏友5678',
  avatar: '',
  vipLevel: 2,
  inviteCode: 'AB12CD',
  hasTradePassword: true,
  balance: 1250,
  frozen: 0,
  realNameStatus: 'approved',
  createdAt: 0,
};

/** member/info answering `unread` unread messages, changed by `set`. */
function stubInfo(unread: number) {
  let count = unread;
  const stub = stubFetch(({ url }) =>
    new URL(url, 'http://localhost').pathname === '/v1/iyd/member/info'
      ? envelopeResponse({ code: 200, msg: 'ok', data: { ...member, unreadMessages: count } })
      : envelopeResponse({ code: 200, msg: 'ok', data: null }),
  );
  return { ...stub, set: (n: number) => void (count = n) };
}

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
  setToken('session-1');
});

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

describe('消息 on 我的', () => {
  it('shows the unread count on the bell and beside 消息, and opens the message centre', async () => {
    stubInfo(3);
    const { router } = renderPage(<MyPage />, '/pages/my/my');
    expect(await screen.findByTestId('my-messages-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('my-messages-unread')).toHaveTextContent('3');
    expect(screen.getByTestId('my-messages')).toHaveAccessibleName('消息，3 条未读');
    fireEvent.click(screen.getByTestId('my-messages'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/message-list/message-list'));
  });

  it('shows no badge when all is read, and 99+ past 99', async () => {
    const info = stubInfo(0);
    renderPage(<MyPage />, '/pages/my/my');
    await screen.findByTestId('my-messages');
    expect(screen.queryByTestId('my-messages-badge')).toBeNull();
    expect(screen.queryByTestId('my-messages-unread')).toBeNull();
    expect(screen.getByTestId('my-entry-message-list')).toHaveTextContent('消息');
    info.set(120);
    await queryClient.refetchQueries({ queryKey: memberInfoKey });
    expect(await screen.findByTestId('my-messages-badge')).toHaveTextContent('99+');
  });
});
