import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitleStore } from '../../lib/page-title.store';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import RulePage from './rule.page';

const rules = [
  { id: 'agreement', title: '用户服务协议', updatedAt: Date.UTC(2026, 10, 18, 4) },
  { id: 'privacy', title: '隐私政策', updatedAt: Date.UTC(2026, 10, 18, 4) },
  { id: 'withdraw', title: '提现规则', updatedAt: Date.UTC(2026, 11, 2, 4) },
];

function stubRules() {
  return stubFetch(({ url }) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/v1/iyd/rule/list') return envelopeResponse({ code: 200, msg: 'ok', data: rules });
    if (u.pathname === '/v1/iyd/rule') {
      const rule = rules.find((r) => r.id === u.searchParams.get('id'));
      return rule
        ? envelopeResponse({ code: 200, msg: 'ok', data: { ...rule, content: `<p>${rule.title}：最低 200 元</p>` } })
        : envelopeResponse({ code: 404, msg: '内容不存在', data: null }, { status: 404 });
    }
    return envelopeResponse({ code: 404, msg: 'x', data: null }, { status: 404 });
  });
}

afterEach(() => queryClient.clear());

describe('rule page', () => {
  it('without an id lists the house’s rules, named 规则与协议, each opening its text', async () => {
    const { calls } = stubRules();
    const { router } = renderPage(<RulePage />, '/pages/rule/rule');
    const list = await screen.findByTestId('rule-list');
    expect(list).toHaveTextContent('用户服务协议');
    expect(list).toHaveTextContent('隐私政策');
    expect(screen.getByTestId('rule-list-withdraw')).toHaveTextContent('2026-12-02 更新');
    expect(usePageTitleStore.getState().title).toBe('规则与协议');
    expect(calls.every((call) => !call.init.headers || !('Authorization' in call.init.headers))).toBe(true);

    await userEvent.click(screen.getByText('提现规则'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=withdraw'));
  });

  it('with an id shows that rule, titled by it', async () => {
    stubRules();
    renderPage(<RulePage />, '/pages/rule/rule?id=withdraw');
    const rule = await screen.findByTestId('rule-content');
    await waitFor(() => expect(rule).toHaveTextContent('提现规则：最低 200 元'));
    await waitFor(() => expect(usePageTitleStore.getState().title).toBe('提现规则'));
  });
});
