import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminQuestion, OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const question = (over: Partial<AdminQuestion> = {}): AdminQuestion => ({
  id: 11,
  lotId: 5,
  lotTitle: '清乾隆 青花缠枝莲纹梅瓶',
  lotCover: `/files/product/202611/${'C'.repeat(22)}`,
  lotEndsAt: new Date(2026, 10, 30, 20, 0).getTime(),
  lotOpen: true,
  memberId: 3,
  asker: '138****0003',
  text: '请问口沿是否有冲线？',
  askedAt: new Date(2026, 10, 27, 9, 30).getTime(),
  status: 'open',
  answer: null,
  answeredAt: null,
  answeredBy: null,
  ...over,
});

function setup(role: OperatorRole = 'operator') {
  saveToken('tok');
  let open = [question(), question({ id: 12, text: '加微信私下交易？' })];
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'yunying', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/questions') {
      const status = call.url.searchParams.get('status');
      const list = status === 'open' ? open : [];
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/questions/11/answer') {
      const answer = (call.body as { answer: string }).answer;
      open = open.filter((q) => q.id !== 11);
      return { data: question({ status: 'answered', answer, answeredAt: Date.now(), answeredBy: 'yunying' }) };
    }
    if (path === '/v1/admin/questions/12/hide') {
      if ((call.body as { reason: string }).reason === '重复') {
        return { code: 409, msg: '该问题已回复或已隐藏', data: { reason: 'QUESTION_NOT_OPEN' } };
      }
      open = open.filter((q) => q.id !== 12);
      return { data: question({ id: 12, status: 'hidden' }) };
    }
    return undefined;
  });
}

describe('拍品问答 (console)', () => {
  it('lists open questions with their lot and answers one inline', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/questions');

    const row = await screen.findByTestId('question-row-11', {}, { timeout: 10_000 });
    expect(within(row).getByText('清乾隆 青花缠枝莲纹梅瓶')).toHaveAttribute('href', '/lots/5');
    expect(within(row).getByText('请问口沿是否有冲线？')).toBeInTheDocument();
    expect(within(row).getByText(/138\*\*\*\*0003（会员 #3）/)).toBeInTheDocument();
    expect(screen.getByTestId('nav-questions')).toBeInTheDocument();

    // Nothing to send while the box is empty.
    expect(screen.getByTestId('question-send-11')).toBeDisabled();
    fireEvent.change(screen.getByTestId('question-answer-11'), { target: { value: ' 口沿完好，无冲线。 ' } });
    fireEvent.click(screen.getByTestId('question-send-11'));

    expect(await screen.findByText('已回复，提问会员会收到通知')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/v1/admin/questions/11/answer')?.body).toEqual({
      answer: '口沿完好，无冲线。',
    });
    // The queue is read again: the answered question has left it.
    await waitFor(() => expect(screen.queryByTestId('question-row-11')).not.toBeInTheDocument());
    expect(screen.getByTestId('question-row-12')).toBeInTheDocument();
  });

  it('hides a question only with a reason, and shows a refusal', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/questions');

    fireEvent.click(await screen.findByTestId('question-hide-12', {}, { timeout: 10_000 }));
    const ok = await screen.findByTestId('question-hide-ok');
    expect(ok).toBeDisabled();
    fireEvent.change(screen.getByTestId('question-hide-reason'), { target: { value: '重复' } });
    fireEvent.click(ok);
    expect(await screen.findByText('该问题已回复或已隐藏')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('question-hide-reason'), { target: { value: '站外交易' } });
    fireEvent.click(screen.getByTestId('question-hide-ok'));
    expect(await screen.findByText('已隐藏，该问题不会公开')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/v1/admin/questions/12/hide').map((c) => c.body)).toEqual([
      { reason: '重复' },
      { reason: '站外交易' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('question-row-12')).not.toBeInTheDocument());
  });

  it('is not in finance’s menu', async () => {
    setup('finance');
    renderWithProviders(routes, '/questions');
    await waitFor(() => expect(screen.queryByTestId('nav-orders')).toBeInTheDocument());
    expect(screen.queryByTestId('nav-questions')).not.toBeInTheDocument();
    expect(screen.queryByTestId('question-row-11')).not.toBeInTheDocument();
  });
});
