import type { Withdrawal } from '@antique/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import WithdrawRecordPage from './withdraw-record.page';

const at = Date.UTC(2026, 10, 20, 2, 30);
const rows: Withdrawal[] = [
  {
    id: 3,
    amount: 50_000,
    fee: 250,
    actualAmount: 49_750,
    method: 'bank',
    accountNo: '**** 3445',
    bankName: '中国工商银行',
    status: 'pending',
    createdAt: at,
  },
  {
    id: 2,
    amount: 20_000,
    fee: 200,
    actualAmount: 19_800,
    method: 'alipay',
    accountNo: 'w***@example.com',
    status: 'paid',
    createdAt: at - 86_400_000,
    processedAt: at - 3_600_000,
  },
  {
    id: 1,
    amount: 100_000,
    fee: 500,
    actualAmount: 99_500,
    method: 'bank',
    accountNo: '**** 0001',
    bankName: '招商银行',
    status: 'rejected',
    rejectReason: '户名与开户行信息不符',
    createdAt: at - 2 * 86_400_000,
    processedAt: at - 86_400_000,
  },
];

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });

afterEach(async () => {
  await changeLocale('zh-Hans', false);
  queryClient.clear();
});

describe('withdraw-record page', () => {
  it('lists withdrawals with their status words, masked accounts, fees and a rejection’s reason', async () => {
    stubFetch(() => ok({ list: rows, total: 3, page: 1, pageSize: 10, hasMore: false }));
    renderPage(<WithdrawRecordPage />, '/pages/withdraw-record/withdraw-record');
    const items = await screen.findAllByTestId('withdrawal-item');
    expect(items.map((item) => within(item).getByTestId('withdrawal-status').textContent)).toEqual([
      '审核中',
      '已到账',
      '已驳回',
    ]);
    expect(within(items[0]!).getByTestId('withdrawal-account')).toHaveTextContent('中国工商银行 **** 3445');
    expect(within(items[1]!).getByTestId('withdrawal-account')).toHaveTextContent('支付宝 w***@example.com');
    expect(items[0]).toHaveTextContent('¥500.00');
    expect(items[0]).toHaveTextContent('手续费 ¥2.50');
    expect(items[0]).toHaveTextContent('实际到账 ¥497.50');
    expect(within(items[2]!).getByTestId('withdrawal-reason')).toHaveTextContent('驳回原因：户名与开户行信息不符');
    expect(within(items[2]!).getByTestId('withdrawal-reason')).toHaveTextContent('金额已退回余额');
    expect(within(items[0]!).queryByTestId('withdrawal-reason')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d{8,}/);
  });

  it('reads in English too', async () => {
    await changeLocale('en', false);
    stubFetch(() => ok({ list: rows, total: 3, page: 1, pageSize: 10, hasMore: false }));
    renderPage(<WithdrawRecordPage />, '/pages/withdraw-record/withdraw-record');
    const items = await screen.findAllByTestId('withdrawal-item');
    expect(items.map((item) => within(item).getByTestId('withdrawal-status').textContent)).toEqual([
      'Under review',
      'Paid',
      'Rejected',
    ]);
  });

  it('offers a first withdrawal when there is none', async () => {
    stubFetch(() => ok({ list: [], total: 0, page: 1, pageSize: 10, hasMore: false }));
    renderPage(<WithdrawRecordPage />, '/pages/withdraw-record/withdraw-record');
    expect(await screen.findByText('暂无提现记录')).toBeInTheDocument();
    expect(screen.getByText('申请提现')).toBeInTheDocument();
  });
});
