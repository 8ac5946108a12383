import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type OperatorRole, defaultSettings } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

function setup(role: OperatorRole, refuse?: { msg: string; field: string }) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 1, username: 'boss', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/settings' && call.method === 'GET') {
      if (role === 'support') return { code: 403, msg: '无权限', data: { reason: 'FORBIDDEN' } };
      return { data: defaultSettings };
    }
    if (path === '/v1/admin/settings' && call.method === 'PUT') {
      if (refuse) return { code: 400, msg: refuse.msg, data: { reason: 'VALIDATION', field: refuse.field } };
      return { data: { ...defaultSettings, ...(call.body as object) } };
    }
    return undefined;
  });
}

const type = (testId: string, value: string | number) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value: String(value) } });

describe('settings', () => {
  it('shows money in yuan and rates as percentages, and saves only the changed sections in fen and basis points after confirming', async () => {
    const { calls } = setup('admin');
    renderWithProviders(routes, '/settings');

    const min = await screen.findByTestId('settings-withdraw-min');
    expect(min).toHaveValue('100.00');
    expect(screen.getByTestId('settings-withdraw-max')).toHaveValue('50000.00');
    expect(screen.getByTestId('settings-deposit')).toHaveValue('10.00');
    expect(screen.getByTestId('settings-withdraw-fee')).toHaveValue('0.50');
    expect(screen.getByTestId('settings-vip-1')).toHaveValue('1000.00');
    expect(screen.getByTestId('settings-increment-below-0')).toHaveValue('1000.00');
    expect(within(screen.getByTestId('settings-increment-row-4')).getByText('以上')).toBeInTheDocument();

    type('settings-withdraw-min', '200');
    type('settings-deposit', '12.5');
    fireEvent.blur(screen.getByTestId('settings-deposit'));
    type('settings-increment-step-4', '1500');
    fireEvent.click(screen.getByTestId('settings-submit'));

    const changes = await screen.findByTestId('settings-changes');
    expect(within(changes).getByText('提现 · 单笔最低提现')).toBeInTheDocument();
    expect(within(changes).getByText('¥100.00')).toBeInTheDocument();
    expect(within(changes).getByText('¥200.00')).toBeInTheDocument();
    expect(within(changes).getByText('出价保证金比例')).toBeInTheDocument();
    expect(within(changes).getByText('12.50%')).toBeInTheDocument();
    expect(within(changes).getByText('加价幅度表')).toBeInTheDocument();
    expect(within(changes).queryByText('买家佣金')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByTestId('settings-confirm-ok'));
    expect(await screen.findByText('已保存 3 项设置')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      withdraw: { ...defaultSettings.withdraw, minAmount: 20_000 },
      bidDepositBps: 1250,
      increments: [...defaultSettings.increments.slice(0, 4), [null, 150_000]],
    });
  });

  it('refuses a minimum withdrawal above the maximum with the message on the field, and sends nothing', async () => {
    const { calls } = setup('admin');
    renderWithProviders(routes, '/settings');
    await screen.findByTestId('settings-withdraw-min');

    type('settings-withdraw-min', '60000');
    fireEvent.click(screen.getByTestId('settings-submit'));

    expect(await screen.findByText('单笔最高提现不能低于单笔最低提现')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-changes')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Corrected, the message goes away.
    type('settings-withdraw-max', '80000');
    await waitFor(() => expect(screen.queryByText('单笔最高提现不能低于单笔最低提现')).not.toBeInTheDocument());
  });

  it('refuses out-of-range numbers and an increment table out of order, in Chinese', async () => {
    const { calls } = setup('admin');
    renderWithProviders(routes, '/settings');
    await screen.findByTestId('settings-referral');

    type('settings-referral', '2');
    type('settings-increment-below-1', '800');
    type('settings-vip-2', '12.345');
    fireEvent.click(screen.getByTestId('settings-submit'));

    expect(await screen.findByText('须高于上一行的价格上限')).toBeInTheDocument();
    expect(screen.getByText('金额格式不正确：请输入数字，最多两位小数')).toBeInTheDocument();
    type('settings-increment-below-1', '5000');
    type('settings-vip-2', '10000');
    expect(await screen.findByText('不能高于 1.00%')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal on its field", async () => {
    setup('admin', { msg: '最低手续费须低于最低提现金额', field: 'withdraw.minFee' });
    renderWithProviders(routes, '/settings');
    await screen.findByTestId('settings-withdraw-min-fee');
    type('settings-withdraw-min-fee', '5');
    fireEvent.click(screen.getByTestId('settings-submit'));
    fireEvent.click(await screen.findByTestId('settings-confirm-ok'));
    expect(await screen.findByText('未保存：最低手续费须低于最低提现金额')).toBeInTheDocument();
    const item = screen.getByTestId('settings-withdraw-min-fee').closest('.ant-form-item');
    expect(await within(item as HTMLElement).findByText('最低手续费须低于最低提现金额')).toBeInTheDocument();
  });

  it('is read-only for finance: no save button, and a note that only the administrator changes settings', async () => {
    setup('finance');
    renderWithProviders(routes, '/settings');
    const min = await screen.findByTestId('settings-withdraw-min');
    expect(min).toBeDisabled();
    expect(screen.getByTestId('settings-read-only')).toHaveTextContent('仅超级管理员可以修改系统设置');
    expect(screen.queryByTestId('settings-submit')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-settings')).toBeInTheDocument();
  });

  it('is not for support', async () => {
    setup('support');
    renderWithProviders(routes, '/settings');
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-settings')).not.toBeInTheDocument();
  });
});
