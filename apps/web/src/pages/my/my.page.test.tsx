import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import MyPage from './my.page';

const member = {
  id: 7,
  phone: '138****5678',
  nickname: '藏友5678',
  avatar: '',
  vipLevel: 2,
  inviteCode: 'AB12CD',
  balance: 1250,
  frozen: 0,
  realNameStatus: 'none',
};

function stubMember(answer: typeof member) {
  return stubFetch(({ url }) =>
    new URL(url, 'http://localhost').pathname === '/v1/iyd/member/info'
      ? envelopeResponse({ code: 200, msg: 'ok', data: answer })
      : envelopeResponse({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, pageSize: 20 } }),
  );
}

beforeEach(async () => {
  await changeLocale('zh-Hans', false);
  setToken('session-1');
});

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

describe('my page header', () => {
  it('shows the avatar (the nickname’s first character without a photo), the nickname and the VIP level', async () => {
    stubMember(member);
    renderPage(<MyPage />, '/pages/my/my');
    expect(await screen.findByTestId('my-nickname')).toHaveTextContent('藏友5678');
    expect(screen.getByTestId('member-avatar')).toHaveTextContent('藏');
    expect(screen.getByTestId('vip-badge')).toHaveTextContent('VIP2');
  });

  it('shows the member’s photo when there is one', async () => {
    stubMember({ ...member, avatar: '/files/avatar/7.jpg', vipLevel: 5 });
    renderPage(<MyPage />, '/pages/my/my');
    await screen.findByTestId('my-nickname');
    expect(await screen.findByTestId('member-avatar')).toHaveAttribute('src', '/files/avatar/7.jpg');
    expect(screen.getByTestId('vip-badge')).toHaveTextContent('VIP5');
  });
});

describe('my page assets', () => {
  it('keeps balance and frozen apart in every language: each its own block, never broken, long ones smaller', async () => {
    stubMember({ ...member, balance: 15460000, frozen: 260000 });
    await changeLocale('es', false);
    renderPage(<MyPage />, '/pages/my/my');
    const balance = await screen.findByTestId('my-balance');
    const frozen = screen.getByTestId('my-frozen');
    expect(balance.textContent).toBe('154.600,00\u00a0CN¥');
    expect(frozen.textContent).toBe('2600,00\u00a0CN¥');
    // Two blocks that wrap below each other when they do not fit side by side (app.css .my-asset).
    expect(balance.closest('.my-asset')).not.toBe(frozen.closest('.my-asset'));
    expect(balance.closest('.my-asset')).toHaveTextContent('Disponible');
    // One long amount sets the smaller size for both, so the row reads as one.
    expect(balance).toHaveClass('my-asset-value-long');
    expect(frozen).toHaveClass('my-asset-value-long');
    await changeLocale('zh-Hans', false);
  });

  it('keeps the larger size while the amounts are short', async () => {
    stubMember({ ...member, balance: 500000, frozen: 0 });
    renderPage(<MyPage />, '/pages/my/my');
    expect(await screen.findByTestId('my-balance')).toHaveTextContent('¥5,000.00');
    expect(screen.getByTestId('my-balance')).not.toHaveClass('my-asset-value-long');
    expect(screen.getByTestId('my-frozen')).not.toHaveClass('my-asset-value-long');
  });

  it('shows the member’s links to the rules', async () => {
    stubMember(member);
    renderPage(<MyPage />, '/pages/my/my');
    expect(await screen.findByTestId('my-entry-rules')).toHaveTextContent('规则与协议');
  });
});

describe('my assets', () => {
  it('offers adding money beside the bills, opening the top-up page', async () => {
    stubMember(member);
    const { router } = renderPage(<MyPage />, '/pages/my/my');
    const add = await screen.findByTestId('my-assets-recharge');
    expect(add).toHaveTextContent('充值');
    expect(screen.getByTestId('my-entry-recharge')).toHaveTextContent('充值');
    fireEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/recharge/recharge'));
  });
});
