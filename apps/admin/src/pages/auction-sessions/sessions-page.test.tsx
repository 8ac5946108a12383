import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const autumn = {
  id: 3,
  title: '2026 秋季瓷器专场',
  cover: '/files/product/s3',
  startsAt: dayjs('2026-12-01 19:30').valueOf(),
  lotCount: 12,
};

function setup(answer?: { code: number; msg: string; data?: unknown }) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 2, username: 'yunying', role: 'operator', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/sessions' && call.method === 'GET')
      return { data: { list: [autumn], total: 1, page: 1, pageSize: 20, hasMore: false } };
    if (path === '/v1/admin/sessions/3' && call.method === 'PUT') {
      if (answer) return answer;
      return { data: { ...autumn, ...(call.body as object), id: 3 } };
    }
    return undefined;
  });
}

/** Types a date and time into an antd picker the way an operator would, then confirms with Enter. */
function typeDateTime(testId: string, text: string) {
  const input = screen.getByTestId(testId);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('sessions page', () => {
  it('lists sessions with cover, start and a link to their lots', async () => {
    setup();
    renderWithProviders(routes, '/auction-sessions');

    const row = await screen.findByTestId('session-row-3');
    expect(within(row).getByText('2026 秋季瓷器专场')).toBeInTheDocument();
    expect(within(row).getByText('2026-12-01 19:30:00')).toBeInTheDocument();
    expect(within(row).getByTestId('session-lots-3')).toHaveAttribute('href', '/lots?sessionId=3');
    expect(within(row).getByText('12 件')).toBeInTheDocument();
  });

  it('edits a session and sends its title, cover and start in epoch ms', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/auction-sessions');

    fireEvent.click(await screen.findByTestId('session-edit-3'));
    const title = await screen.findByTestId('session-title');
    expect(title).toHaveValue('2026 秋季瓷器专场');
    fireEvent.change(title, { target: { value: '  2026 秋季瓷器杂项专场 ' } });
    typeDateTime('session-starts', '2026-12-02 20:00');
    fireEvent.click(screen.getByTestId('session-submit'));

    expect(await screen.findByText('已保存场次「2026 秋季瓷器杂项专场」')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: '2026 秋季瓷器杂项专场',
      cover: '/files/product/s3',
      startsAt: dayjs('2026-12-02 20:00').valueOf(),
      staggerSeconds: 0,
    });
  });

  it('asks for a title, a start and a cover before creating', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/auction-sessions');

    fireEvent.click(await screen.findByTestId('session-create'));
    fireEvent.click(await screen.findByTestId('session-submit'));

    expect(await screen.findByText('请填写场次名称')).toBeInTheDocument();
    expect(screen.getByText('请选择开拍时间')).toBeInTheDocument();
    expect(screen.getByText('请上传场次封面')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    setup({ code: 400, msg: '开拍时间不正确', data: { field: 'startsAt' } });
    renderWithProviders(routes, '/auction-sessions');

    fireEvent.click(await screen.findByTestId('session-edit-3'));
    fireEvent.click(await screen.findByTestId('session-submit'));

    await waitFor(() => expect(screen.getAllByText('开拍时间不正确').length).toBeGreaterThanOrEqual(1));
    expect(screen.getByTestId('session-title')).toBeInTheDocument();
  });
});
