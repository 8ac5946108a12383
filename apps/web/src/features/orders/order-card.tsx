import { cancelReasonText, type Order } from '@antique/shared';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { formatDateTime } from '../../lib/format-time';
import { currentLocale } from '../../lib/i18n';
import { PayWithin } from './order-countdown';
import { OrderStatusTag, useShownStatus } from './order-status';
import './orders.css';
import { pagePath } from '../../lib/route-paths';

export const orderPath = (id: number) => pagePath('order', { id });

/** An order in the list: number, status, the pieces, the amount; opens the order. */
export function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const status = useShownStatus(order);
  const pieces = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const first = order.items[0];
  return (
    <button
      type="button"
      className="order-card"
      onClick={() => go(orderPath(order.id))}
      data-testid="order-card"
      data-id={order.id}
      data-status={status}
    >
      <div className="order-card-head">
        <span className="order-card-source">{t(`order.source.${order.source}`)}</span>
        <span className="order-card-no">{order.orderNo}</span>
        <OrderStatusTag status={status} />
      </div>
      <div className="order-card-items">
        {order.items.length === 1 && first ? (
          <div className="order-card-single">
            <LazyImage src={first.cover} alt="" ratio={1} className="order-card-cover" />
            <div className="order-card-single-main">
              <div className="order-card-title">{first.title}</div>
              <div className="order-card-sub">
                <PriceText fen={first.price} size="sm" />
                <span>× {first.quantity}</span>
              </div>
            </div>
          </div>
        ) : (
          <div className="order-card-covers">
            {order.items.slice(0, 4).map((item) => (
              <LazyImage
                key={item.productId}
                src={item.cover}
                alt={item.title}
                ratio={1}
                className="order-card-cover"
              />
            ))}
            {order.items.length > 4 && <span className="order-card-more">+{order.items.length - 4}</span>}
          </div>
        )}
      </div>
      <div className="order-card-foot">
        <span className="order-card-time">{formatDateTime(order.createdAt)}</span>
        <span className="order-card-amount">
          {t('order.pieces', { count: pieces })}
          <span className="order-card-amount-label">
            {order.status === 'paid' ? t('order.paidAmount') : t('order.amount')}
          </span>
          <PriceText fen={order.amount} size="sm" />
        </span>
      </div>
      {order.status === 'cancelled' && order.cancelReason && (
        <div className="order-card-reason" data-testid="order-card-reason">
          {cancelReasonText(order.cancelReason, currentLocale())}
        </div>
      )}
      {status === 'pending' && (
        <div className="order-card-pending">
          <PayWithin expiresAt={order.expiresAt} countdownClassName="order-card-countdown" />
          <span className="order-card-pay">
            {t('order.goPay')}
            <ChevronRightIcon />
          </span>
        </div>
      )}
    </button>
  );
}
