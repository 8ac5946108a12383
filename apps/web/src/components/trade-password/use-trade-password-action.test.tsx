import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../lib/request-error';
import { renderPage } from '../../test/render-page';
import { useMessageBoxStore } from '../message-box/message-box.store';
import { useTradePasswordAction, type TradePasswordAction } from './use-trade-password-action';

type Payload = { amount: number };

const refusal = (reason: string, extra: object = {}) =>
  new RequestError({ kind: 'server', code: 422, msg: '出错了', httpStatus: 422, data: { reason, ...extra } });
const unanswered = () => new RequestError({ kind: 'network', code: -1, msg: 'Failed to fetch' });

/** A page with one guarded action: 提交 opens the keypad for ¥12.00. */
function Harness(props: Omit<TradePasswordAction<Payload, string>, 'describe'>) {
  const action = useTradePasswordAction<Payload, string>({ ...props, describe: (p) => `支付 ${p.amount / 100} 元` });
  return (
    <div>
      <button type="button" onClick={() => action.open({ amount: 1200 })}>
        提交
      </button>
      <span data-testid="busy">{String(action.busy)}</span>
      {action.popup}
    </div>
  );
}

function setUp(props: Partial<TradePasswordAction<Payload, string>> = {}) {
  const send = vi.fn<TradePasswordAction<Payload, string>['send']>();
  const onDone = vi.fn();
  const view = renderPage(<Harness send={send} onDone={onDone} {...props} />, '/pages/withdraw/withdraw?amount=12');
  return { send, onDone, router: view.router, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

afterEach(() => {
  act(() => useMessageBoxStore.getState().close(false));
});

describe('an action behind the trade password', () => {
  it('says a wrong password in the keypad with the tries left; the right one does it once and closes', async () => {
    const { send, onDone, user } = setUp();
    send.mockRejectedValueOnce(refusal('TRADE_PASSWORD_WRONG', { remaining: 4 })).mockResolvedValueOnce('done');
    await user.click(screen.getByText('提交'));
    expect(await screen.findByText('支付 12 元')).toBeInTheDocument();
    await user.keyboard('111111');
    expect(await screen.findByTestId('password-popup-error')).toHaveTextContent('交易密码错误，还可尝试 4 次');
    await user.keyboard('246810');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('done', { amount: 1200 }));
    await waitFor(() => expect(screen.queryByTestId('password-popup')).toBeNull());
    expect(send.mock.calls.map(([payload, password]) => [payload, password])).toEqual([
      [{ amount: 1200 }, '111111'],
      [{ amount: 1200 }, '246810'],
    ]);
    // A definite answer ends an attempt: the next one has a key of its own.
    expect(send.mock.calls[0]![2]).not.toBe(send.mock.calls[1]![2]);
  });

  it('keeps the key for a retry after an answer that never came, so the server does it at most once', async () => {
    const { send, onDone, user } = setUp();
    send.mockRejectedValueOnce(unanswered()).mockResolvedValueOnce('done');
    await user.click(screen.getByText('提交'));
    await screen.findByTestId('password-popup');
    await user.keyboard('246810');
    await waitFor(() => expect(screen.queryByTestId('password-popup')).toBeNull());
    await user.click(screen.getByText('提交'));
    await screen.findByTestId('password-popup');
    await user.keyboard('246810');
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![2]).toBe(send.mock.calls[1]![2]);
  });

  it('explains a locked password with the wait, and leaves the refusal to no one else', async () => {
    const onRefused = vi.fn();
    const { send, user } = setUp({ onRefused });
    send.mockRejectedValueOnce(refusal('TRADE_PASSWORD_LOCKED', { retryAfter: 1500 }));
    await user.click(screen.getByText('提交'));
    await screen.findByTestId('password-popup');
    await user.keyboard('246810');
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toContain('请 25 分钟后再试'));
    expect(onRefused).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByTestId('password-popup')).toBeNull());
  });

  it('offers to set a password the member has none of, and comes back to this page afterwards', async () => {
    const { send, router, user } = setUp({ hasTradePassword: false });
    await user.click(screen.getByText('提交'));
    expect(useMessageBoxStore.getState().options.msg).toContain('您尚未设置交易密码');
    expect(screen.queryByTestId('password-popup')).toBeNull();
    act(() => useMessageBoxStore.getState().close(true));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/trade-password/trade-password'));
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent('/pages/withdraw/withdraw?amount=12')}`);
    expect(router.state.location.state).toEqual({ from: '/pages/withdraw/withdraw?amount=12' });
    expect(send).not.toHaveBeenCalled();
  });

  it('offers the same when the server finds no password set', async () => {
    const { send, user } = setUp({ hasTradePassword: true });
    send.mockRejectedValueOnce(refusal('TRADE_PASSWORD_NOT_SET'));
    await user.click(screen.getByText('提交'));
    await screen.findByTestId('password-popup');
    await user.keyboard('246810');
    await waitFor(() => expect(useMessageBoxStore.getState().options.confirmText).toBe('去设置'));
  });

  it('hands any other refusal to the page with what was sent, busy until the page has dealt with it', async () => {
    let answered: () => void = () => undefined;
    const onRefused = vi.fn(() => new Promise<void>((resolve) => (answered = resolve)));
    const { send, user } = setUp({ onRefused });
    send.mockRejectedValueOnce(refusal('INSUFFICIENT_BALANCE'));
    await user.click(screen.getByText('提交'));
    await screen.findByTestId('password-popup');
    await user.keyboard('246810');
    await waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    expect(onRefused.mock.calls[0]).toEqual([
      expect.objectContaining({ reason: 'INSUFFICIENT_BALANCE' }),
      { amount: 1200 },
    ]);
    expect(screen.getByTestId('busy')).toHaveTextContent('true');
    await act(async () => answered());
    expect(screen.getByTestId('busy')).toHaveTextContent('false');
  });

  it('says what went wrong in a toast when the page takes no refusal of its own', async () => {
    const { send, user } = setUp();
    send.mockRejectedValueOnce(refusal('ORDER_EXPIRED'));
    await user.click(screen.getByText('提交'));
    await screen.findByTestId('password-popup');
    await user.keyboard('246810');
    expect(await screen.findByText('订单已超时，请重新下单')).toBeInTheDocument();
  });
});
