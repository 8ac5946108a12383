import type { Order, OrderStatus } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { useRemaining } from './order-countdown';
import './orders.css';

/** What a member sees as the status: a pending order past its deadline is as good as cancelled. */
export function useShownStatus(order: Pick<Order, 'status' | 'expiresAt'>): OrderStatus | 'expired' {
  const remaining = useRemaining(order.expiresAt);
  return order.status === 'pending' && remaining <= 0 ? 'expired' : order.status;
}

export function OrderStatusTag({ status, testId }: { status: OrderStatus | 'expired'; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`order-status order-status-${status}`} data-testid={testId} data-status={status}>
      {t(`order.status.${status}`)}
    </span>
  );
}
