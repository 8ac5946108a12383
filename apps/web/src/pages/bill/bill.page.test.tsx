import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import BillPage from './bill.page';

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });

afterEach(() => queryClient.clear());

describe('bill page', () => {
  it.each([
    ['bill-recharge', '/pages/recharge/recharge'],
    ['bill-withdraw', '/pages/withdraw/withdraw'],
    ['bill-withdraw-record', '/pages/withdraw-record/withdraw-record'],
  ])('opens the top-up and withdrawal pages from the wallet (%s)', async (testId, path) => {
    stubFetch(() => ok({ list: [], total: 0, page: 1, pageSize: 10, hasMore: false, balance: 50_000, frozen: 0 }));
    const user = userEvent.setup();
    const { router } = renderPage(<BillPage />, '/pages/bill/bill');
    await waitFor(() => expect(screen.getByTestId('bill-balance')).toHaveTextContent('¥500.00'));
    await user.click(screen.getByTestId(testId));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
