import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorRole } from '@antique/shared';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const entry = {
  id: 31,
  memberId: 3,
  type: 'deposit',
  amount: 300_000,
  frozenAmount: 0,
  balanceAfter: 300_000,
  frozenAfter: 0,
  remark: '',
  memoCode: 'BANK_DEPOSIT',
  internalNote: '工行转账 8812',
  refType: null,
  refId: null,
  createdAt: 0,
};

/** An entry the server wrote: its memo is a code with parameters, written out in the operator's language. */
const payment = {
  ...entry,
  id: 32,
  type: 'payment',
  amount: -88_000,
  balanceAfter: 212_000,
  remark: '',
  internalNote: '',
  memoCode: 'ORDER_PAYMENT',
  memoParams: { orderNo: 'M202611010001' },
  refType: 'order',
  refId: 41,
};

/** A fetch that answers JSON envelopes and, for the export, a CSV file. */
function serve(role: OperatorRole) {
  saveToken('tok-ledger');
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (data: unknown) =>
      new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/v1/admin/me') return json({ id: 9, username: 'caiwu', role, disabled: false, createdAt: 0 });
    if (url.pathname === '/v1/admin/ledger')
      return json({ list: [entry, payment], total: 2, page: 1, pageSize: 20, hasMore: false });
    if (url.pathname === '/v1/admin/export/bills') {
      return new Response('\uFEFF流水号\n31\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="bills.csv"',
        },
      });
    }
    return new Response(JSON.stringify({ code: 404, msg: '未找到', data: null }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:1') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { fetchMock, click };
}

describe('ledger page', () => {
  it('shows every member’s bills filtered by member and type, and exports them as CSV with the token', async () => {
    const { fetchMock, click } = serve('finance');
    renderWithProviders(routes, '/ledger?memberId=3&type=deposit');

    const row = await screen.findByTestId('ledger-row-31');
    expect(within(row).getByText('+¥3,000.00')).toBeInTheDocument();
    expect(within(row).getByText('#3')).toBeInTheDocument();
    // What the member reads, and apart from it finance's internal note.
    expect(within(row).getByTestId('ledger-memo')).toHaveTextContent('银行转账入账');
    expect(within(row).getByTestId('ledger-internal-note')).toHaveTextContent('工行转账 8812');
    const paid = screen.getByTestId('ledger-row-32');
    expect(within(paid).getByText('支付')).toBeInTheDocument();
    expect(within(paid).getByText('订单 M202611010001')).toBeInTheDocument();
    expect(within(paid).queryByTestId('ledger-internal-note')).not.toBeInTheDocument();
    const ledgerCall = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === '/v1/admin/ledger');
    expect(ledgerCall?.searchParams.get('memberId')).toBe('3');
    expect(ledgerCall?.searchParams.get('type')).toBe('deposit');

    fireEvent.click(screen.getByTestId('export-bills'));

    expect(await screen.findByText(/^已导出 资金流水-会员3-全部-截至\d{8}\.csv$/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/v1/admin/export/bills')) ?? [];
    expect(String(url)).toBe('/v1/admin/export/bills?memberId=3&type=deposit');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-ledger');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  });

  it('filters by member id typed as digits', async () => {
    const { fetchMock } = serve('admin');
    renderWithProviders(routes, '/ledger');

    await screen.findByTestId('ledger-row-31');
    fireEvent.change(screen.getByTestId('ledger-member-filter'), { target: { value: '#12a' } });
    fireEvent.click(screen.getByTestId('ledger-member-filter-submit'));

    await waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/v1/admin/ledger?memberId=12&page=1&pageSize=20'),
    );
  });
});
