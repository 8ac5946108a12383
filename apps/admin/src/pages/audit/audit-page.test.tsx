import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditRow } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const row: AuditRow = {
  id: 31,
  operatorId: 2,
  operatorName: 'caiwu',
  action: 'withdrawal.reject',
  targetType: 'withdrawal',
  targetId: '21',
  before: { status: 'pending' },
  after: { status: 'rejected', reason: '开户银行填写有误' },
  ip: '10.0.0.8',
  createdAt: Date.now() - 60_000,
};

function setup() {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 1, username: 'admin', role: 'admin', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/operators') {
      return {
        data: [
          { id: 1, username: 'admin', role: 'admin', disabled: false, createdAt: 0 },
          { id: 2, username: 'caiwu', role: 'finance', disabled: false, createdAt: 0 },
        ],
      };
    }
    if (path === '/v1/admin/audit') return { data: { list: [row], total: 1, page: 1, pageSize: 20, hasMore: false } };
    return undefined;
  });
}

/** The option in the open list (the selected value and the accessible list repeat its text). */
const pickOption = async (text: string) => {
  const found = await screen.findAllByText(text);
  fireEvent.click(found.find((el) => el.closest('.ant-select-item-option')) ?? found[0]!);
};

const auditSearches = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname === '/v1/admin/audit').map((c) => c.url.searchParams);

describe('audit log filters', () => {
  it('names actions in Chinese and filters by one picked from the list, found by its Chinese name', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/audit');
    const cell = await screen.findByText('提现驳回');
    expect(cell.closest('tr')).toHaveTextContent('提现 #21');

    const filter = screen.getByTestId('audit-action-filter');
    const box = within(filter).getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '版本' } });
    await pickOption('修改版本更新策略');

    await waitFor(() => expect(auditSearches(calls).at(-1)?.get('action')).toBe('appVersion.update'));
    expect(router.state.location.search).toContain('action=appVersion.update');
  });

  it('takes an action key the list does not know, as typed', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/audit');
    await screen.findByText('提现驳回');

    const box = within(screen.getByTestId('audit-action-filter')).getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'lot.cancel' } });
    await pickOption('按动作「lot.cancel」筛选');

    await waitFor(() => expect(auditSearches(calls).at(-1)?.get('action')).toBe('lot.cancel'));
  });

  it('filters by operator', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/audit');
    await screen.findByText('提现驳回');

    fireEvent.mouseDown(within(screen.getByTestId('audit-operator-filter')).getByRole('combobox'));
    await pickOption('caiwu (#2)');

    await waitFor(() => expect(auditSearches(calls).at(-1)?.get('operatorId')).toBe('2'));
  });
});
