import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useClockStore } from '../../lib/clock.store';
import { formatCountdown } from '../../lib/format-time';

/** Milliseconds left until `deadline` by the server's clock (the app's clock store), never below 0. */
export function useRemaining(deadline: number): number {
  const now = useClockStore((state) => state.now);
  return Math.max(0, deadline - now);
}

interface OrderCountdownProps {
  expiresAt: number;
  /** Called once when the time runs out. */
  onExpire?: () => void;
  className?: string;
  testId?: string;
}

/** mm:ss to an order's payment deadline, ticking with the server-time clock. */
export function OrderCountdown({ expiresAt, onExpire, className, testId }: OrderCountdownProps) {
  const remaining = useRemaining(expiresAt);
  const expired = remaining <= 0;
  const notified = useRef(false);
  const callback = useRef(onExpire);
  callback.current = onExpire;

  useEffect(() => {
    if (!expired) {
      notified.current = false;
      return;
    }
    if (notified.current) return;
    notified.current = true;
    callback.current?.();
  }, [expired]);

  return (
    <span className={className} data-testid={testId} data-expired={expired} role="timer">
      {formatCountdown(remaining)}
    </span>
  );
}

const MARK = '\u2063';

/** "请在 14:59 内完成支付", the countdown in its place in the sentence of the member's language. */
export function PayWithin(props: OrderCountdownProps & { countdownClassName?: string }) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t('order.payWithin', { time: MARK }).split(MARK);
  return (
    <span className={props.className}>
      {before}
      <OrderCountdown {...props} className={props.countdownClassName} />
      {after}
    </span>
  );
}
