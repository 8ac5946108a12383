import type { Member, Withdrawal } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import type { WithdrawConfig } from '../../features/withdrawals/withdrawals.api';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import WithdrawPage from './withdraw.page';

const member = {
  id: 7,
  phone: '138****5678',
  nickname: '藏友',
  avatar: '',
  vipLevel: 0,
  inviteCode: 'AB12CD',
  realNameStatus: 'verified',
  realName: '林*清',
  hasTradePassword: true,
  balance: 1_000_000,
  frozen: 0,
  createdAt: 0,
} as Member;

const config: WithdrawConfig = {
  minAmount: 10_000,
  maxAmount: 5_000_000,
  perDay: 3,
  feeBps: 50,
  minFee: 200,
  todayCount: 0,
  balance: 1_000_000,
  accountName: '林婉清',
  hasTradePassword: true,
};

const created: Withdrawal = {
  id: 9,
  amount: 50_000,
  fee: 250,
  actualAmount: 49_750,
  method: 'bank',
  accountNo: '**** 3445',
  bankName: '中国工商银行',
  status: 'pending',
  createdAt: Date.now(),
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const fail = (code: number, reason: string, extra: object = {}) =>
  envelopeResponse({ code, msg: '出错了', data: { reason, ...extra } }, { status: code });

function serve(withdraw: (call: StubbedCall) => Response, c: WithdrawConfig = config, who: Member = member) {
  return stubFetch((call) => {
    if (call.url.includes('/member/info')) return ok(who);
    if (call.url.includes('/asset/withdraw/config')) return ok(c);
    return withdraw(call);
  });
}

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

async function fillBank(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByTestId('withdraw-amount'), '500');
  await user.type(screen.getByTestId('withdraw-account-no'), '6222 0202 0011 2233 445');
  await user.type(screen.getByTestId('withdraw-bank-name'), '中国工商银行');
}

describe('withdraw page', () => {
  it('reads the member’s state afresh each time it opens: a trade password set a moment ago shows the form', async () => {
    let current: WithdrawConfig = { ...config, hasTradePassword: false };
    stubFetch((call) => {
      if (call.url.includes('/member/info')) return ok(member);
      if (call.url.includes('/asset/withdraw/config')) return ok(current);
      return ok(null);
    });
    const first = renderPage(<WithdrawPage />, '/pages/withdraw/withdraw');
    expect(await screen.findByTestId('withdraw-need-trade-password')).toBeInTheDocument();
    first.unmount();
    current = config;
    renderPage(<WithdrawPage />, '/pages/withdraw/withdraw');
    expect(await screen.findByTestId('withdraw-form')).toBeInTheDocument();
    expect(screen.queryByTestId('withdraw-need-trade-password')).not.toBeInTheDocument();
  });

  it('shows the verified name fixed, the fee and the amount received live, and withdraws with the trade password', async () => {
    let attempts = 0;
    const { calls } = serve(() => {
      attempts += 1;
      return attempts === 1 ? fail(422, 'TRADE_PASSWORD_WRONG', { remaining: 4 }) : ok(created);
    });
    const user = userEvent.setup();
    const { router } = renderPage(<WithdrawPage />, '/pages/withdraw/withdraw');
    expect(await screen.findByTestId('withdraw-account-name')).toHaveTextContent('林*清');
    expect(screen.queryByRole('textbox', { name: '收款户名' })).toBeNull();
    expect(screen.getByTestId('withdraw-balance')).toHaveTextContent('¥10,000.00');
    // The rule agreed to by submitting can be read from here.
    expect(screen.getByTestId('rule-agreement-withdraw')).toHaveTextContent('提交即视为您已阅读并同意《提现规则》');
    expect(screen.getByTestId('rule-link-withdraw')).toHaveAttribute('href', '#/pages/rule/rule?id=withdraw');
    await user.type(screen.getByTestId('withdraw-amount'), '50');
    // 0.5% of 50 yuan is below the minimum fee of 2 yuan.
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('¥2.00');
    expect(screen.getByTestId('withdraw-actual')).toHaveTextContent('¥48.00');
    await user.type(screen.getByTestId('withdraw-amount'), '0');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('¥2.50');
    expect(screen.getByTestId('withdraw-actual')).toHaveTextContent('¥497.50');
    await user.type(screen.getByTestId('withdraw-account-no'), '6222 0202 0011 2233 445');
    await user.type(screen.getByTestId('withdraw-bank-name'), '中国工商银行');

    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('提现 ¥500.00，请输入交易密码')).toBeInTheDocument();
    await user.keyboard('111111');
    expect(await screen.findByText('交易密码错误，还可尝试 4 次')).toBeInTheDocument();
    await user.keyboard('135790');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/withdraw-record/withdraw-record'));

    const posts = calls.filter((call) => call.url.endsWith('/asset/withdraw'));
    expect(posts.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      {
        amount: 50_000,
        method: 'bank',
        accountName: '林婉清',
        accountNo: '6222020200112233445',
        bankName: '中国工商银行',
        tradePassword: '111111',
      },
      {
        amount: 50_000,
        method: 'bank',
        accountName: '林婉清',
        accountNo: '6222020200112233445',
        bankName: '中国工商银行',
        tradePassword: '135790',
      },
    ]);
    const keys = posts.map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toBeTruthy();
  });

  it('checks the amount against the limits and the balance before asking for the password', async () => {
    const { calls } = serve(() => ok(created), { ...config, balance: 30_000 });
    const user = userEvent.setup();
    renderPage(<WithdrawPage />, '/pages/withdraw/withdraw');
    await user.type(await screen.findByTestId('withdraw-amount'), '99');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('单笔最低提现 ¥100.00')).toBeInTheDocument();
    await user.clear(screen.getByTestId('withdraw-amount'));
    await user.type(screen.getByTestId('withdraw-amount'), '301');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('可提现余额不足')).toBeInTheDocument();
    await user.click(screen.getByTestId('withdraw-method-alipay'));
    await user.clear(screen.getByTestId('withdraw-amount'));
    await user.type(screen.getByTestId('withdraw-amount'), '200');
    await user.type(screen.getByTestId('withdraw-account-no'), 'nope');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText(/请输入正确的账号/)).toBeInTheDocument();
    expect(screen.queryByTestId('password-popup')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/asset/withdraw'))).toBe(false);
  });

  it('says the day’s requests are used up when the server refuses with WITHDRAW_LIMIT', async () => {
    serve(() => fail(422, 'WITHDRAW_LIMIT', { limit: 'perDay', perDay: 3 }));
    const user = userEvent.setup();
    renderPage(<WithdrawPage />, '/pages/withdraw/withdraw');
    await fillBank(user);
    await user.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('password-popup');
    await user.keyboard('135790');
    expect(await screen.findByText('今日提现次数已用完（每日 3 次），请明天再来')).toBeInTheDocument();
  });

  it('sends a member without a verified real name to verify it first', async () => {
    serve(() => ok(null), { ...config, accountName: null }, { ...member, realNameStatus: 'none' });
    const user = userEvent.setup();
    const { router } = renderPage(<WithdrawPage />, '/pages/withdraw/withdraw');
    expect(await screen.findByText('提现前请先完成实名认证')).toBeInTheDocument();
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    await user.click(screen.getByText('去实名认证'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/realname/realname'));
  });

  it('sends a member without a trade password to set one first', async () => {
    serve(() => ok(null), { ...config, hasTradePassword: false }, { ...member, hasTradePassword: false });
    const user = userEvent.setup();
    const { router } = renderPage(<WithdrawPage />, '/pages/withdraw/withdraw');
    expect(await screen.findByText('提现前请先设置交易密码')).toBeInTheDocument();
    await user.click(screen.getByText('去设置交易密码'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade-password/trade-password'));
    // It knows where to come back to once the password is set.
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/pages/withdraw/withdraw')}`);
    expect(router.state.location.state).toEqual({ from: '/pages/withdraw/withdraw' });
  });
});
