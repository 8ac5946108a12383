import { cancelReasonText, labelOf, type Order, type OrderCancelReason, type RechargeChannel } from '@antique/shared';
import { ActionSheet, Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { EmptyState } from '../../components/empty-state/empty-state';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { explainTopUp, rechargePath } from '../../components/top-up/explain-top-up';
import { useTradePasswordAction } from '../../components/trade-password/use-trade-password-action';
import { productPath } from '../../features/mall/product-card';
import { memberInfoKey, useMemberInfoQuery } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import { cancelOrder } from '../../features/orders/cancel-order.api';
import { confirmOrder } from '../../features/orders/confirm-order.api';
import { PayWithin } from '../../features/orders/order-countdown';
import { orderListKey } from '../../features/orders/order-list.api';
import { useShownStatus } from '../../features/orders/order-status';
import { orderKey, useOrderQuery } from '../../features/orders/order.api';
import { ChannelMark } from '../../features/wallet/channel-mark';
import { useRechargeConfigQuery } from '../../features/wallet/recharge-config.api';
import { useOnlineTopUp } from '../../features/wallet/use-online-top-up';
import { copyText } from '../../lib/clipboard';
import { describeError } from '../../lib/describe-error';
import { formatDateTime } from '../../lib/format-time';
import { currentLocale } from '../../lib/i18n';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';
import './order.css';
import { routePaths } from '../../lib/route-paths';
import { formatMoney } from '../../lib/format-money';

export const PICK_LIST_PATH = routePaths.pickList;
/** The server cancels an unpaid order at its deadline; look again shortly after. */
const EXPIRY_RECHECK_MS = 1500;

/** The words for a cancellation: the stored reason code's shared label, in the page's sentence. */
export function useCancelReason() {
  const { t } = useTranslation();
  return (reason: OrderCancelReason | undefined) =>
    reason
      ? t(`order.cancelReasons.${reason}`, { reason: cancelReasonText(reason, currentLocale()) })
      : t('order.cancelReasons.unknown');
}

function StatusHeader({ order, onExpire }: { order: Order; onExpire(): void }) {
  const { t } = useTranslation();
  const status = useShownStatus(order);
  const cancelReason = useCancelReason();
  const icon =
    status === 'paid' ? <CheckCircleFill /> : status === 'pending' ? <ClockCircleFill /> : <CloseCircleFill />;
  return (
    <section className={`order-hero order-hero-${status}`} data-testid="order-status" data-status={status}>
      <span className="order-hero-icon">{icon}</span>
      <div className="order-hero-main">
        <h1 className="order-hero-title">{t(`order.status.${status}`)}</h1>
        {status === 'pending' && (
          <p className="order-hero-text">
            <PayWithin
              expiresAt={order.expiresAt}
              onExpire={onExpire}
              countdownClassName="order-hero-countdown"
              testId="order-countdown"
            />
          </p>
        )}
        {status === 'expired' && <p className="order-hero-text">{t('order.expiredText')}</p>}
        {status === 'paid' && <p className="order-hero-text">{t('order.paidText')}</p>}
        {status === 'cancelled' && (
          <p className="order-hero-text" data-testid="order-cancel-reason">
            {cancelReason(order.cancelReason)}
          </p>
        )}
      </div>
    </section>
  );
}

function Timeline({ order }: { order: Order }) {
  const { t } = useTranslation();
  const status = useShownStatus(order);
  const cancelReason = useCancelReason();
  const steps: { key: string; title: string; detail?: string; time?: number; state: 'done' | 'current' | 'failed' }[] =
    [{ key: 'created', title: t('order.timeline.created'), time: order.createdAt, state: 'done' }];
  if (order.status === 'paid') {
    steps.push({ key: 'paid', title: t('order.timeline.paid'), time: order.paidAt, state: 'done' });
    steps.push({
      key: 'custody',
      title: t('order.timeline.custody'),
      detail: t('order.timeline.custodyText'),
      state: 'done',
    });
  } else if (order.status === 'cancelled') {
    steps.push({
      key: 'cancelled',
      title: t('order.timeline.cancelled'),
      detail: cancelReason(order.cancelReason),
      // An unpaid order is cancelled at its deadline; other cancellations carry no time.
      time: order.cancelReason === 'PAYMENT_TIMEOUT' ? order.expiresAt : undefined,
      state: 'failed',
    });
  } else if (status === 'expired') {
    steps.push({ key: 'expired', title: t('order.timeline.expired'), time: order.expiresAt, state: 'failed' });
  } else {
    steps.push({
      key: 'awaiting',
      title: t('order.timeline.awaiting'),
      detail: t('order.timeline.deadline', { time: formatDateTime(order.expiresAt) }),
      state: 'current',
    });
  }
  return (
    <section className="order-card-block">
      <h2 className="order-block-title">{t('order.timeline.title')}</h2>
      <ol className="order-timeline" data-testid="order-timeline">
        {steps.map((step) => (
          <li key={step.key} className={`order-timeline-step order-timeline-${step.state}`} data-step={step.key}>
            <span className="order-timeline-dot" aria-hidden="true" />
            <div className="order-timeline-main">
              <div className="order-timeline-title">{step.title}</div>
              {step.detail && <div className="order-timeline-detail">{step.detail}</div>}
              {step.time !== undefined && <div className="order-timeline-time">{formatDateTime(step.time)}</div>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function OrderSkeleton() {
  return (
    <div className="order-page" aria-busy="true" data-testid="order-loading">
      <div className="skeleton-lines">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    </div>
  );
}

/** One order: status and countdown, pieces, amounts, the timeline, and paying with the trade password. */
export default function OrderPage() {
  const { t } = useTranslation();
  const id = Number(usePageParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const query = useOrderQuery(validId ? id : 0);
  useMemberInfoQuery(validId);
  const member = useUserStore((state) => state.userInfo);
  const [cancelling, setCancelling] = useState(false);
  const order = query.data;
  // The channels that can pay a shortfall in one step; none configured: the top-up page as before.
  const config = useRechargeConfigQuery();
  const channels = config.data?.channels ?? [];
  const topUp = useOnlineTopUp();
  const payShortfall = async (channel: RechargeChannel) => {
    if (!order || topUp.busy) return;
    try {
      await topUp.start({ channel, orderId: order.id });
    } catch (error) {
      showToast(describeError(error, t));
      if (isRequestError(error) && (error.reason === 'ORDER_NOT_PENDING' || error.reason === 'ORDER_EXPIRED'))
        void query.refetch();
    }
  };

  const pay = useTradePasswordAction<Pick<Order, 'id' | 'amount'>, Order>({
    hasTradePassword: member?.hasTradePassword,
    describe: (pending) => t('order.passwordFor', { amount: formatMoney(pending.amount) }),
    send: (pending, tradePassword, key) => confirmOrder(pending.id, tradePassword, key),
    onDone: (paid) => {
      queryClient.setQueryData(orderKey(paid.id), paid);
      showSuccessToast(t('order.paySuccess'));
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      void queryClient.invalidateQueries({ queryKey: orderListKey });
      void queryClient.invalidateQueries({ queryKey: ['pick'] });
      void queryClient.invalidateQueries({ queryKey: ['asset'] });
    },
    onRefused: (error, pending) => {
      if (error.reason === 'INSUFFICIENT_BALANCE') {
        void queryClient.invalidateQueries({ queryKey: memberInfoKey });
        void explainTopUp(t, member?.balance, pending.amount, pending.id);
        return;
      }
      showToast(describeError(error, t));
      if (error.reason === 'ORDER_NOT_PENDING' || error.reason === 'ORDER_EXPIRED') void query.refetch();
    },
  });

  const closeKeypad = pay.close;
  const onExpire = useCallback(() => {
    closeKeypad();
    setTimeout(() => void query.refetch(), EXPIRY_RECHECK_MS);
  }, [query, closeKeypad]);

  /** After a confirmation: the order is cancelled and its pieces go back on sale at once. */
  const cancel = async () => {
    if (!order || cancelling) return;
    const sure = await showMessageBox({
      msg: t('order.cancelConfirm'),
      confirmText: t('order.cancelYes'),
      cancelText: t('order.keep'),
    });
    if (!sure) return;
    setCancelling(true);
    try {
      const cancelled = await cancelOrder(order.id);
      queryClient.setQueryData(orderKey(order.id), cancelled);
      showSuccessToast(t('order.cancelled'));
      void queryClient.invalidateQueries({ queryKey: orderListKey });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    } catch (error) {
      showToast(describeError(error, t));
      void query.refetch();
    } finally {
      setCancelling(false);
    }
  };

  if (!validId) return <EmptyState title={t('order.notFound')} testId="order-not-found" />;
  if (query.isPending) return <OrderSkeleton />;
  if (query.isError || !order) {
    const notFound = isRequestError(query.error) && query.error.code === 404;
    return notFound ? (
      <EmptyState title={t('order.notFound')} testId="order-not-found" />
    ) : (
      <EmptyState
        status="error"
        title={t('order.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="order-error"
      />
    );
  }

  return (
    <OrderView
      order={order}
      onExpire={onExpire}
      // A balance short of the amount shows the top-up in the pay button's place.
      onPay={() => pay.open({ id: order.id, amount: order.amount })}
      onCancel={() => void cancel()}
      paying={pay.busy}
      cancelling={cancelling}
      balance={member?.balance}
      channels={channels}
      onPayShortfall={(channel) => void payShortfall(channel)}
      payingShortfall={topUp.busy}
      popup={pay.popup}
    />
  );
}

function OrderView({
  order,
  onExpire,
  onPay,
  onCancel,
  paying,
  cancelling,
  balance,
  channels,
  onPayShortfall,
  payingShortfall,
  popup,
}: {
  order: Order;
  onExpire(): void;
  onPay(): void;
  onCancel(): void;
  paying: boolean;
  cancelling: boolean;
  balance: number | undefined;
  channels: readonly RechargeChannel[];
  onPayShortfall(channel: RechargeChannel): void;
  payingShortfall: boolean;
  popup: ReactNode;
}) {
  const { t } = useTranslation();
  const status = useShownStatus(order);
  const [choosing, setChoosing] = useState(false);
  const channelName = (channel: RechargeChannel) => labelOf('rechargeChannel', channel, currentLocale());
  const pieces = order.items.reduce((sum, item) => sum + item.quantity, 0);
  // What the balance lacks for this order, when it lacks anything: adding money comes first.
  const shortfall = status === 'pending' && balance !== undefined ? Math.max(0, order.amount - balance) : 0;
  // Only a mall order can be cancelled; a won lot is the winner's to pay.
  const cancellable = status === 'pending' && order.source === 'mall';
  return (
    <div className={status === 'pending' ? 'order-page order-page-with-bar' : 'order-page'} data-testid="order-page">
      <StatusHeader order={order} onExpire={onExpire} />

      {shortfall > 0 && channels.length === 0 && (
        <section className="order-short" role="status" data-testid="order-short">
          <div className="order-short-main">
            <h2 className="order-short-title">{t('order.shortTitle', { amount: formatMoney(shortfall) })}</h2>
            <p className="order-short-text">{t('order.shortText')}</p>
          </div>
          <button
            type="button"
            className="order-short-action"
            onClick={() => go(rechargePath(order.id))}
            data-testid="order-short-top-up"
          >
            {t('order.topUp')}
          </button>
        </section>
      )}
      {shortfall > 0 && channels.length > 0 && (
        // One step: the provider takes what is missing, and the server pays the order when it arrives.
        <section className="order-short order-short-online" role="status" data-testid="order-short">
          <div className="order-short-main">
            <h2 className="order-short-title">{t('order.shortTitle', { amount: formatMoney(shortfall) })}</h2>
            <p className="order-short-text">{t('order.shortOnlineText')}</p>
          </div>
          <div className="order-short-channels">
            {channels.map((channel) => (
              <button
                key={channel}
                type="button"
                className="order-short-channel"
                disabled={payingShortfall}
                onClick={() => onPayShortfall(channel)}
                data-testid={`order-short-pay-${channel}`}
              >
                <ChannelMark channel={channel} />
                <span>
                  {t('order.payShortfallWith', { channel: channelName(channel), amount: formatMoney(shortfall) })}
                </span>
                <ChevronRightIcon />
              </button>
            ))}
          </div>
          <button
            type="button"
            className="order-short-other"
            onClick={() => go(rechargePath(order.id))}
            data-testid="order-short-top-up"
          >
            {t('order.otherTopUp')}
            <ChevronRightIcon />
          </button>
        </section>
      )}

      {order.status === 'paid' && (
        <button
          type="button"
          className="order-custody"
          onClick={() => go(PICK_LIST_PATH)}
          data-testid="order-custody-link"
        >
          <span>
            <span className="order-custody-title">{t('order.custodyTitle')}</span>
            <span className="order-custody-text">{t('order.custodyText')}</span>
          </span>
          <span className="order-custody-go">
            {t('order.viewCustody')}
            <ChevronRightIcon />
          </span>
        </button>
      )}

      <section className="order-card-block">
        <h2 className="order-block-title">
          {t(`order.source.${order.source}`)} · {t('order.pieces', { count: pieces })}
        </h2>
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={`${item.productId}-${item.holdingId ?? ''}`}>
              <button
                type="button"
                className="order-item"
                onClick={() => item.productId !== null && order.source === 'mall' && go(productPath(item.productId))}
                data-testid="order-item"
              >
                <LazyImage src={item.cover} alt={item.title} ratio={1} className="order-item-cover" />
                <span className="order-item-main">
                  <span className="order-item-title">{item.title}</span>
                  <span className="order-item-sub">
                    <PriceText fen={item.price} size="sm" />
                    <span className="order-item-qty">× {item.quantity}</span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        <dl className="order-amounts">
          <div>
            <dt>{t('order.goodsAmount')}</dt>
            <dd>
              <PriceText fen={order.goodsAmount} size="sm" />
            </dd>
          </div>
          {order.premium > 0 && (
            <div>
              <dt>{t('order.premium')}</dt>
              <dd>
                <PriceText fen={order.premium} size="sm" />
              </dd>
            </div>
          )}
          {order.depositApplied > 0 && (
            <div>
              <dt>{t('order.depositApplied')}</dt>
              <dd className="order-amount-minus">
                −<PriceText fen={order.depositApplied} size="sm" />
              </dd>
            </div>
          )}
          <div className="order-amount-total">
            <dt>{order.status === 'paid' ? t('order.paidAmount') : t('order.amount')}</dt>
            <dd>
              <PriceText fen={order.amount} size="md" testId="order-amount" />
            </dd>
          </div>
        </dl>
      </section>

      <Timeline order={order} />

      <section className="order-card-block">
        <h2 className="order-block-title">{t('order.info')}</h2>
        <dl className="order-info">
          <div>
            <dt>{t('order.orderNo')}</dt>
            <dd>
              <span data-testid="order-no">{order.orderNo}</span>
              <button type="button" className="order-copy tap-target" onClick={() => void copyText(order.orderNo)}>
                {t('common.copy')}
              </button>
            </dd>
          </div>
          <div>
            <dt>{t('order.createdAt')}</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
          </div>
          {order.paidAt !== undefined && (
            <div>
              <dt>{t('order.paidAt')}</dt>
              <dd>{formatDateTime(order.paidAt)}</dd>
            </div>
          )}
          {order.remark && (
            <div>
              <dt>{t('order.remark')}</dt>
              <dd className="order-remark">{order.remark}</dd>
            </div>
          )}
        </dl>
      </section>

      {status === 'pending' && (
        <div className="order-bar">
          <div className="order-bar-main">
            <span className="order-bar-label">{t('order.amount')}</span>
            <PriceText fen={order.amount} size="md" />
            {balance !== undefined && (
              <span
                className={balance < order.amount ? 'order-bar-balance order-bar-balance-short' : 'order-bar-balance'}
              >
                {t('order.balance', { amount: formatMoney(balance) })}
              </span>
            )}
          </div>
          <div className="order-bar-actions">
            {cancellable && (
              <Button
                shape="rounded"
                className="order-cancel"
                loading={cancelling}
                onClick={onCancel}
                data-testid="order-cancel"
              >
                {t('order.cancel')}
              </Button>
            )}
            {shortfall > 0 && channels.length > 0 ? (
              <Button
                color="primary"
                shape="rounded"
                className="gold-button"
                loading={payingShortfall}
                onClick={() => (channels.length === 1 ? onPayShortfall(channels[0]!) : setChoosing(true))}
                data-testid="order-pay-shortfall"
              >
                {t('order.payShortfall')}
              </Button>
            ) : shortfall > 0 ? (
              <Button
                color="primary"
                shape="rounded"
                className="gold-button"
                onClick={() => go(rechargePath(order.id))}
                data-testid="order-top-up"
              >
                {t('order.topUp')}
              </Button>
            ) : (
              <Button
                color="primary"
                shape="rounded"
                className="gold-button"
                loading={paying}
                onClick={onPay}
                data-testid="order-pay"
              >
                {t('order.pay')}
              </Button>
            )}
          </div>
        </div>
      )}
      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        extra={t('order.shortTitle', { amount: formatMoney(shortfall) })}
        cancelText={t('common.cancel')}
        actions={channels.map((channel) => ({
          key: channel,
          text: t('order.payShortfallWith', { channel: channelName(channel), amount: formatMoney(shortfall) }),
          onClick: () => {
            setChoosing(false);
            onPayShortfall(channel);
          },
        }))}
      />
      {popup}
    </div>
  );
}
