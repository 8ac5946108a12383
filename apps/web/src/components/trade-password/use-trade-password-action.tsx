import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { describeError } from '../../lib/describe-error';
import { isRequestError, type RequestError } from '../../lib/request-error';
import { showToast } from '../../lib/toast';
import { useSubmitKey } from '../../lib/use-submit-key';
import { PasswordPopup } from '../password-popup/password-popup';
import { explainLocked, offerTradePassword, wrongPasswordText } from './trade-password-refusals';

export interface TradePasswordAction<P, R> {
  /**
   * Whether the member has a trade password, when known: with `false` the action offers to
   * set one instead of asking for it. Unknown (still loading) asks; the server then decides.
   */
  hasTradePassword?: boolean;
  /** The line above the keypad for what is about to be sent (支付金额 ¥1,200.00). */
  describe(payload: P): string;
  /** Sends the payload with the six digits under its idempotency key. */
  send(payload: P, tradePassword: string, idempotencyKey: string): Promise<R>;
  /** After the server did it; the keypad is closed. */
  onDone(result: R, payload: P): void;
  /**
   * Any other refusal the server gave (the keypad is closed); without one, or for an error that
   * is no answer of the server's, the member reads what went wrong in a toast.
   */
  onRefused?(error: RequestError, payload: P): void | Promise<void>;
}

/**
 * Everything behind the trade password (a bid, paying an order or a won lot, a withdrawal),
 * done one way: the keypad popup, a wrong password said in the popup with the tries left, a
 * locked one with the wait, none set offered to be set (and come back here), and one
 * idempotency key per attempt, so that a retry after an answer that never came does it once.
 * The page renders `popup` and calls `open` with what the member chose.
 */
export function useTradePasswordAction<P, R>(action: TradePasswordAction<P, R>) {
  const { t } = useTranslation();
  const location = useLocation();
  const submitKey = useSubmitKey();
  const [pending, setPending] = useState<P | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** True when the member can be asked for the trade password; otherwise offers to set one. */
  const checkSetUp = (): boolean => {
    if (action.hasTradePassword !== false) return true;
    void offerTradePassword(t, `${location.pathname}${location.search}`);
    return false;
  };

  const open = (payload: P) => {
    if (!checkSetUp()) return;
    setError(null);
    setPending(payload);
  };

  const close = useCallback(() => {
    setPending(null);
    setError(null);
  }, []);

  const submit = async (tradePassword: string) => {
    if (pending === null || busy) return;
    const payload = pending;
    setBusy(true);
    setError(null);
    try {
      const result = await action.send(payload, tradePassword, submitKey.keyFor({ payload, tradePassword }));
      submitKey.settle();
      setPending(null);
      action.onDone(result, payload);
    } catch (failure) {
      submitKey.settle(failure);
      if (isRequestError(failure) && failure.reason === 'TRADE_PASSWORD_WRONG') {
        setError(wrongPasswordText(t, failure));
        return;
      }
      setPending(null);
      if (!isRequestError(failure)) showToast(describeError(failure, t));
      else if (failure.reason === 'TRADE_PASSWORD_NOT_SET')
        void offerTradePassword(t, `${location.pathname}${location.search}`);
      else if (failure.reason === 'TRADE_PASSWORD_LOCKED') void explainLocked(t, failure);
      else if (action.onRefused) await action.onRefused(failure, payload);
      else showToast(describeError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const popup: ReactElement = (
    <PasswordPopup
      visible={pending !== null}
      description={pending !== null ? action.describe(pending) : undefined}
      error={error}
      onFill={(password) => void submit(password)}
      onClose={close}
    />
  );

  return { open, close, checkSetUp, pending, busy, popup };
}
