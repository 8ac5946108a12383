import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SmsOutboxRow } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const base: SmsOutboxRow = {
  id: 1,
  phone: '13900001111',
  scene: 'register',
  content: '【拾古拍卖】您的注册验证码为 482913，5 分钟内有效。',
  createdAt: Date.now() - 60_000,
  status: 'sent',
  provider: 'aliyun',
  providerMessageId: '900619746936498440^0',
  error: null,
  attempts: 1,
  nextAttemptAt: null,
  sentAt: Date.now() - 59_000,
};
const failed: SmsOutboxRow = {
  ...base,
  id: 2,
  scene: 'notice',
  content: '【拾古拍卖】您拍得的「青花瓶」待付款。',
  status: 'failed',
  providerMessageId: null,
  error: 'isv.BUSINESS_LIMIT_CONTROL: 触发号码天级流控',
  attempts: 4,
  sentAt: null,
};

function setup() {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 2, username: 'kefu', role: 'support', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/sms/outbox') {
      const status = call.url.searchParams.get('status');
      const list = [failed, base].filter((m) => !status || m.status === status);
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    return undefined;
  });
}

describe('SMS outbox', () => {
  it('shows each text’s delivery: status, provider, the provider’s message id, tries and error', async () => {
    setup();
    renderWithProviders(routes, '/sms');
    const rows = await screen.findAllByTestId('sms-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('sms-status')).toHaveTextContent('发送失败');
    expect(within(first).getByTestId('sms-error')).toHaveTextContent('isv.BUSINESS_LIMIT_CONTROL');
    expect(within(first).getByTestId('sms-attempts')).toHaveTextContent('尝试 4 次');
    expect(within(second).getByTestId('sms-status')).toHaveTextContent('已发送');
    expect(within(second).getByText('阿里云')).toBeInTheDocument();
    expect(within(second).getByTestId('sms-message-id')).toHaveTextContent('900619746936498440^0');
  });

  it('filters by status through the URL', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/sms?status=failed');
    const rows = await screen.findAllByTestId('sms-row');
    expect(rows).toHaveLength(1);
    expect(
      calls.some((c) => c.url.pathname === '/v1/admin/sms/outbox' && c.url.searchParams.get('status') === 'failed'),
    ).toBe(true);
  });
});
