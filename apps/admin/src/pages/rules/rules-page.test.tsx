import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRule, OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const updatedAt = new Date(2026, 10, 18, 16, 40).getTime();
const rules: AdminRule[] = [
  ['agreement', '拾古拍卖用户协议'],
  ['privacy', '隐私政策'],
  ['auction', '拍卖规则'],
  ['delegate', '委托拍卖规则'],
  ['pick', '提货规则'],
  ['withdraw', '提现规则'],
].map(([id, title], i) => ({
  id: id!,
  title: title!,
  updatedAt: updatedAt + i * 60_000,
  content: `<p>${title}正文</p>`,
}));
rules[2] = { ...rules[2]!, content: '<p>出价须<strong>实名认证</strong></p>' };
rules[5] = { ...rules[5]!, content: '<p>单笔最低 {{withdrawMinYuan}} 元</p>' };
const placeholders = [
  { key: 'withdrawMinYuan', label: '单笔提现最低金额（元）', value: '200' },
  { key: 'bidDepositPercent', label: '出价保证金比例（%）', value: '10' },
];

function setup(role: OperatorRole = 'operator') {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'yunying', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/rules/placeholders') return { data: placeholders };
    if (path === '/v1/admin/rules')
      return { data: rules.map(({ id, title, updatedAt: at }) => ({ id, title, updatedAt: at })) };
    const one = /^\/v1\/admin\/rules\/([a-z]+)$/.exec(path);
    if (one) {
      const rule = rules.find((r) => r.id === one[1]);
      if (!rule) return { code: 404, msg: '规则不存在', data: null };
      if (call.method === 'PUT') return { data: { ...rule, ...(call.body as object), updatedAt: Date.now() } };
      return { data: rule };
    }
    return undefined;
  });
}

// The editor the page loads lazily, imported once before the tests (see content-admin.test.tsx).
beforeAll(async () => {
  await import('../../features/rich-text/rich-text-editor');
}, 60_000);

describe('rules', () => {
  it('lists the six rules with what each is and when it was last changed', async () => {
    setup();
    renderWithProviders(routes, '/rules');
    const row = await screen.findByTestId('rule-row-agreement');
    expect(row).toHaveTextContent('用户协议');
    expect(row).toHaveTextContent('拾古拍卖用户协议');
    expect(row).toHaveTextContent('2026-11-18 16:40');
    for (const id of ['privacy', 'auction', 'delegate', 'pick', 'withdraw']) {
      expect(screen.getByTestId(`rule-row-${id}`)).toBeInTheDocument();
    }
    expect(screen.getByTestId('nav-rules')).toHaveTextContent('规则');
  });

  it('edits a rule in the rich-text editor and saves its title and text', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/rules');
    fireEvent.click(await screen.findByTestId('rule-edit-auction'));

    const content = await screen.findByTestId('rule-editor-content', {}, { timeout: 5000 });
    await waitFor(() => expect(content.querySelector('strong')?.textContent).toBe('实名认证'));
    expect(screen.getByTestId('rule-title')).toHaveValue('拍卖规则');
    fireEvent.change(screen.getByTestId('rule-title'), { target: { value: '拍卖规则（2026 修订）' } });
    fireEvent.click(screen.getByTestId('rule-submit'));

    expect(await screen.findByText('已保存「拍卖规则（2026 修订）」')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/v1/admin/rules/auction');
    expect(put?.body).toEqual({ title: '拍卖规则（2026 修订）', content: '<p>出价须<strong>实名认证</strong></p>' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/rules'));
  });

  it('lists the placeholders a text may use with today’s values, keeps them on save, and refuses an unknown one', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/rules/withdraw');
    const content = await screen.findByTestId('rule-editor-content', {}, { timeout: 5000 });
    await waitFor(() => expect(content).toHaveTextContent('单笔最低 {{withdrawMinYuan}} 元'));
    const list = await screen.findByTestId('rule-placeholders');
    expect(await within(list).findByTestId('rule-placeholder-withdrawMinYuan')).toHaveTextContent(
      '{{withdrawMinYuan}}',
    );
    expect(list).toHaveTextContent('单笔提现最低金额（元）');
    expect(list).toHaveTextContent('200');

    fireEvent.click(screen.getByTestId('rule-submit'));
    expect(await screen.findByText('已保存「提现规则」')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ title: '提现规则', content: '<p>单笔最低 {{withdrawMinYuan}} 元</p>' });
  });

  it('refuses a placeholder it does not know, naming it, before sending anything', async () => {
    rules[4] = { ...rules[4]!, content: '<p>发货 {{autoReceiveDays}} 天后自动确认</p>' };
    const { calls } = setup();
    renderWithProviders(routes, '/rules/pick');
    const content = await screen.findByTestId('rule-editor-content', {}, { timeout: 5000 });
    await waitFor(() => expect(content).toHaveTextContent('{{autoReceiveDays}}'));
    fireEvent.click(screen.getByTestId('rule-submit'));
    expect(await screen.findByText(/无法识别的占位符：\{\{autoReceiveDays\}\}/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    rules[4] = { ...rules[4]!, content: '<p>提货规则正文</p>' };
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/rules/pick');
    await screen.findByTestId('rule-editor-content', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('rule-title')).toHaveValue('提货规则'));
    fireEvent.change(screen.getByTestId('rule-title'), { target: { value: '提货须知' } });

    fireEvent.click(screen.getByText('返回规则列表'));
    expect(await screen.findByText('放弃未保存的修改？')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    expect(router.state.location.pathname).toBe('/rules/pick');
    expect(screen.getByTestId('rule-title')).toHaveValue('提货须知');

    fireEvent.click(screen.getByText('返回规则列表'));
    fireEvent.click(await screen.findByTestId('leave-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rules'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('asks for a title before saving', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/rules/privacy');
    await screen.findByTestId('rule-editor-content', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('rule-title')).toHaveValue('隐私政策'));
    fireEvent.change(screen.getByTestId('rule-title'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('rule-submit'));
    expect(await screen.findByText('请输入标题')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is not for support', async () => {
    setup('support');
    renderWithProviders(routes, '/rules');
    expect(await screen.findByTestId('forbidden')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-rules')).not.toBeInTheDocument();
    expect(within(document.body).queryByTestId('rule-row-agreement')).not.toBeInTheDocument();
  });
});
