import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { houseKey } from '../../features/condition/house-strip';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import LoginPage from './login.page';

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const user = userEvent.setup();

afterEach(() => queryClient.clear());

describe('关于本行 on the login page', () => {
  it('says who the house is and links the full page', async () => {
    stubFetch(async (call) =>
      call.url.endsWith('/house')
        ? ok({
            company: '拾古拍卖有限公司',
            licence: '沪拍 2019-0088',
            foundedYear: 2019,
            address: '上海市黄浦区',
            years: 7,
            guaranteeDays: 7,
            figures: { since: 0, sold: 1280, unsold: 320, sellThroughBps: 8000, totalHammer: 1_000_000 },
          })
        : ok(null),
    );
    const { router } = renderPage(<LoginPage />, '/pages/login/login');
    expect(await screen.findByTestId('house-strip')).toHaveTextContent(
      '拾古拍卖有限公司 · 创立 7 年 · 近12个月成交 1,280 件',
    );
    await user.click(screen.getByTestId('house-strip-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/rule/rule'));
    expect(router.state.location.search).toBe('?id=about');
  });

  it('shows no strip when the answer is not the house (an older server)', async () => {
    stubFetch(async (call) => (call.url.endsWith('/house') ? ok({ company: '拾古', figures: {} }) : ok(null)));
    renderPage(<LoginPage />, '/pages/login/login');
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(houseKey)?.status).toBe('success'));
    expect(screen.queryByTestId('house-strip')).toBeNull();
  });
});
