import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminWithdrawal, OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const pending: AdminWithdrawal = {
  id: 21,
  memberId: 3,
  memberPhone: '138****0003',
  accountName: '林*清',
  amount: 50_000,
  fee: 250,
  actualAmount: 49_750,
  method: 'bank',
  accountNo: '**** 3445',
  bankName: '中国工商银行',
  payee: { name: '林晓清', accountNo: '6222 0202 0011 2233 445' },
  status: 'pending',
  createdAt: Date.now() - 3_600_000,
};
const approved: AdminWithdrawal = { ...pending, id: 20, status: 'approved' };
const rejected: AdminWithdrawal = {
  ...pending,
  id: 19,
  status: 'rejected',
  rejectReason: '银行退票，请更换收款账户',
  processedAt: Date.now() - 600_000,
};

function setup(role: OperatorRole) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'caiwu', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/withdrawals') {
      const status = call.url.searchParams.get('status');
      const list = [pending, approved, rejected].filter((w) => !status || w.status === status);
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    const step = /^\/v1\/admin\/withdrawals\/(\d+)\/(approve|reject|paid)$/.exec(path);
    if (step) {
      const row = [pending, approved].find((w) => w.id === Number(step[1]))!;
      const status = step[2] === 'approve' ? 'approved' : step[2] === 'paid' ? 'paid' : 'rejected';
      return { data: { ...row, status, ...(call.body as object) } };
    }
    return undefined;
  });
}

describe('withdrawal queue', () => {
  it('lists pending withdrawals with the member, amounts, the masked account, and approves one', async () => {
    const { calls } = setup('finance');
    renderWithProviders(routes, '/withdrawals');

    const row = await screen.findByTestId('withdrawal-row-21');
    // Finance reads whom to pay in full.
    expect(within(row).getByText('林晓清')).toBeInTheDocument();
    expect(within(row).getByTestId('withdrawal-account-21')).toHaveTextContent('6222 0202 0011 2233 445');
    expect(within(row).getByText('¥500.00')).toBeInTheDocument();
    expect(within(row).getByText('¥497.50')).toBeInTheDocument();
    expect(within(row).getByTestId('withdrawal-status-21')).toHaveTextContent('待审核');
    expect(screen.queryByTestId('withdrawal-row-20')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/v1/admin/withdrawals')?.url.searchParams.get('status')).toBe(
      'pending',
    );
    expect(screen.getByTestId('nav-withdrawals')).toBeInTheDocument();

    fireEvent.click(within(row).getByTestId('withdrawal-approve-21'));
    fireEvent.click(await screen.findByTestId('withdrawal-confirm-ok'));
    expect(await screen.findByText('提现 #21 已通过，待打款')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/v1/admin/withdrawals/21/approve')).toBe(true);
  });

  it('marks an approved one paid with the bank’s transfer reference, which it asks for first', async () => {
    const { calls } = setup('finance');
    renderWithProviders(routes, '/withdrawals?status=approved');
    fireEvent.click(await screen.findByTestId('withdrawal-paid-20'));
    fireEvent.click(await screen.findByTestId('withdrawal-confirm-ok'));
    expect(await screen.findByText('请填写银行转账流水号，便于对账')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('withdrawal-paid-reference'), { target: { value: ' ICBC20261127001 ' } });
    fireEvent.change(screen.getByTestId('withdrawal-paid-note'), { target: { value: '网银转账' } });
    fireEvent.click(screen.getByTestId('withdrawal-confirm-ok'));
    expect(await screen.findByText('提现 #20 已标记为已打款')).toBeInTheDocument();
    const paid = calls.find((c) => c.method === 'POST' && c.url.pathname === '/v1/admin/withdrawals/20/paid');
    expect(paid?.body).toEqual({ reference: 'ICBC20261127001', note: '网银转账' });
  });

  it('rejects with a reason, which it asks for first', async () => {
    const { calls } = setup('finance');
    renderWithProviders(routes, '/withdrawals');
    fireEvent.click(await screen.findByTestId('withdrawal-reject-21'));
    fireEvent.click(await screen.findByTestId('withdrawal-reject-submit'));
    expect(await screen.findByText('请填写驳回原因，会员将看到此原因')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('withdrawal-reject-reason'), { target: { value: '开户银行填写有误' } });
    fireEvent.click(screen.getByTestId('withdrawal-reject-submit'));
    expect(await screen.findByText('提现 #21 已驳回，¥500.00 已退回会员余额')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: '开户银行填写有误' });
  });

  it('shows rejected ones with their reason, without actions', async () => {
    setup('finance');
    renderWithProviders(routes, '/withdrawals?status=rejected');
    const row = await screen.findByTestId('withdrawal-row-19');
    expect(within(row).getByText('银行退票，请更换收款账户')).toBeInTheDocument();
    expect(within(row).queryByTestId('withdrawal-reject-19')).not.toBeInTheDocument();
  });

  it('is not for support', async () => {
    setup('support');
    renderWithProviders(routes, '/withdrawals');
    expect(await screen.findByText('无权限')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-withdrawals')).not.toBeInTheDocument();
  });

  it('exports the shown status as CSV with the token, for finance', async () => {
    saveToken('tok-wd');
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (data: unknown) =>
        new Response(JSON.stringify({ code: 200, msg: 'ok', data }), {
          headers: { 'Content-Type': 'application/json' },
        });
      if (url.pathname === '/v1/admin/me')
        return json({ id: 2, username: 'caiwu', role: 'finance', disabled: false, createdAt: 0 });
      if (url.pathname === '/v1/admin/withdrawals') {
        return json({ list: [approved], total: 1, page: 1, pageSize: 20, hasMore: false });
      }
      if (url.pathname === '/v1/admin/export/withdrawals') {
        return new Response('\uFEFF提现编号\n20\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="withdrawals.csv"',
          },
        });
      }
      return new Response(JSON.stringify({ code: 404, msg: '未找到', data: null }), { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:1') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderWithProviders(routes, '/withdrawals?status=approved');
    await screen.findByTestId('withdrawal-row-20');
    fireEvent.click(screen.getByTestId('export-withdrawals'));

    expect(await screen.findByText(/^已导出 提现-待打款-全部-截至\d{8}\.csv$/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/v1/admin/export/withdrawals')) ?? [];
    expect(String(url)).toBe('/v1/admin/export/withdrawals?status=approved');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-wd');
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  });

  it('offers the export to the administrator too', async () => {
    setup('admin');
    renderWithProviders(routes, '/withdrawals');
    await screen.findByTestId('withdrawal-row-21');
    expect(screen.getByTestId('export-withdrawals')).toBeInTheDocument();
  });

  it('pays an approved Alipay withdrawal through Alipay after a confirmation naming amount and account, and shows a refusal', async () => {
    saveToken('tok');
    const toAlipay: AdminWithdrawal = {
      ...approved,
      id: 23,
      method: 'alipay',
      bankName: undefined,
      accountNo: '138****8888',
      payee: { name: '林晓清', accountNo: '13800138888' },
    };
    let answer: AdminWithdrawal = {
      ...toAlipay,
      status: 'paid',
      processedAt: Date.now(),
      payout: { channel: 'alipay', ref: '20261127110070000001' },
    };
    const { calls } = fakeApi((call) => {
      const path = call.url.pathname;
      if (path === '/v1/admin/me')
        return { data: { id: 2, username: 'caiwu', role: 'finance', disabled: false, createdAt: 0 } };
      if (path === '/v1/admin/withdrawals')
        return { data: { list: [approved, toAlipay], total: 2, page: 1, pageSize: 20, hasMore: false } };
      if (path === '/v1/admin/withdrawals/23/transfer') return { data: answer };
      return undefined;
    });
    renderWithProviders(routes, '/withdrawals?status=approved');
    await screen.findByTestId('withdrawal-row-23');
    // A bank withdrawal has no Alipay transfer.
    expect(screen.queryByTestId('withdrawal-transfer-20')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('withdrawal-transfer-23'));
    expect(await screen.findByText(/向 林晓清（支付宝账号 13800138888）转账 ¥497\.50/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('withdrawal-transfer-ok'));
    expect(await screen.findByText('提现 #23 已通过支付宝转账，支付宝单号 20261127110070000001')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/v1/admin/withdrawals/23/transfer',
    ]);

    answer = {
      ...toAlipay,
      status: 'rejected',
      rejectReason: '支付宝转账失败：收款人姓名与账户不符',
      processedAt: Date.now(),
      payout: { channel: 'alipay', error: '收款人姓名与账户不符（PAYEE_USER_INFO_ERROR）' },
    };
    fireEvent.click(screen.getByTestId('withdrawal-transfer-23'));
    // (the first dialog may still be fading out)
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-transfer-ok').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('withdrawal-transfer-ok').at(-1)!);
    expect((await screen.findAllByText('支付宝拒绝了提现 #23 的转账')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText(/收款人姓名与账户不符（PAYEE_USER_INFO_ERROR）。提现已驳回，¥500\.00 已退回会员余额/).length,
    ).toBeGreaterThan(0);
  });
});
