import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ReconcileOutput } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

function setup(result: ReconcileOutput) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 2, username: 'caiwu', role: 'finance', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/reconcile') return { data: result };
    return { code: 404, msg: 'not found', data: { reason: 'NOT_FOUND' } };
  });
}

describe('资金对账', () => {
  it('says the wallets and the online top-ups agree', async () => {
    setup({ ok: true, wallets: 12, mismatches: [], recharges: { paid: 5, mismatches: [] } });
    renderWithProviders(routes, '/reconcile');
    const ok = await screen.findByTestId('reconcile-ok');
    expect(ok).toHaveTextContent('共核对 12 个钱包');
    expect(ok).toHaveTextContent('5 笔在线充值均已入账一次');
  });

  it('lists a top-up the ledger does not match and a credit no top-up paid, with no wallet table when wallets agree', async () => {
    setup({
      ok: false,
      wallets: 12,
      mismatches: [],
      recharges: {
        paid: 5,
        mismatches: [
          { rechargeId: 7, no: 'R20261127120000123456', memberId: 3, amount: 30_001, credited: 30_000, entries: 1 },
          { rechargeId: 99, no: null, memberId: 4, amount: 0, credited: 700, entries: 1 },
        ],
      },
    });
    renderWithProviders(routes, '/reconcile');
    expect(await screen.findByTestId('reconcile-mismatch')).toHaveTextContent('2 笔在线充值与入账不符');
    expect(screen.getByTestId('reconcile-mismatch')).not.toHaveTextContent('钱包与流水不一致');
    const row = screen.getByTestId('reconcile-recharge-7');
    expect(row).toHaveTextContent('R20261127120000123456');
    expect(row).toHaveTextContent('300.01');
    expect(row).toHaveTextContent('300.00');
    expect(within(screen.getByTestId('reconcile-recharge-99')).getByText(/无对应充值/)).toBeInTheDocument();
    expect(screen.queryByTestId('reconcile-row-3')).not.toBeInTheDocument();
  });
});
