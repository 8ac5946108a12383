import { labelOf, type Recharge } from '@antique/shared';
import { Button, DotLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { PriceText } from '../../components/price/price-text';
import { rechargePath } from '../../components/top-up/explain-top-up';
import { memberInfoKey, useMemberInfoQuery } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import { orderListKey } from '../../features/orders/order-list.api';
import { useOrderQuery } from '../../features/orders/order.api';
import { openPayPage, RECHARGE_POLL_STOP_MS, rechargeKey, useRechargeQuery } from '../../features/wallet/recharge.api';
import { returnAfterRecharge } from '../../features/wallet/use-online-top-up';
import { describeError } from '../../lib/describe-error';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { currentLocale } from '../../lib/i18n';
import { go } from '../../lib/navigation';
import { usePageParams } from '../../lib/page-params';
import { queryClient } from '../../lib/query-client';
import { isRequestError } from '../../lib/request-error';
import { pagePath, routePaths } from '../../lib/route-paths';
import './recharge-result.css';

/** The recharge's facts: amount, channel, its number for customer service, when. */
function Facts({ recharge }: { recharge: Recharge }) {
  const { t } = useTranslation();
  return (
    <dl className="recharge-result-facts" data-testid="recharge-result-facts">
      <div>
        <dt>{t('rechargeResult.amount')}</dt>
        <dd>
          <PriceText fen={recharge.amount} size="sm" testId="recharge-result-amount" />
        </dd>
      </div>
      <div>
        <dt>{t('rechargeResult.channel')}</dt>
        <dd>{labelOf('rechargeChannel', recharge.channel, currentLocale())}</dd>
      </div>
      <div>
        <dt>{t('rechargeResult.no')}</dt>
        <dd className="recharge-result-no">{recharge.no}</dd>
      </div>
      <div>
        <dt>{recharge.paidAt !== undefined ? t('rechargeResult.paidAt') : t('rechargeResult.createdAt')}</dt>
        <dd>{formatDateTime(recharge.paidAt ?? recharge.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** How long "paid" stays on screen before the paid order replaces it. */
const ON_TO_ORDER_MS = 1500;

/** A shortfall top-up: the order it was for, paid by the server once the money arrived. */
function OrderAfterRecharge({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const order = useOrderQuery(orderId);
  const status = order.data?.status;
  // Paid with the money that just arrived: on to the order, as the member set out to do.
  useEffect(() => {
    if (status !== 'paid') return;
    const timer = setTimeout(() => go(pagePath('order', { id: orderId }), { replace: true }), ON_TO_ORDER_MS);
    return () => clearTimeout(timer);
  }, [status, orderId]);
  if (!order.data) return null;
  return (
    <section className="recharge-result-order" data-testid="recharge-result-order" data-status={status}>
      <p>
        {status === 'paid'
          ? t('rechargeResult.orderPaid', { orderNo: order.data.orderNo })
          : status === 'pending'
            ? t('rechargeResult.orderPending', { orderNo: order.data.orderNo })
            : t('rechargeResult.orderNotPaid', { orderNo: order.data.orderNo })}
      </p>
      <Button
        block
        color="primary"
        shape="rounded"
        className="gold-button"
        onClick={() => go(pagePath('order', { id: orderId }), { replace: true })}
        data-testid="recharge-result-view-order"
      >
        {t('rechargeResult.viewOrder')}
      </Button>
    </section>
  );
}

/**
 * Where the member lands back from Alipay or WeChat Pay: the recharge, asked again (backing
 * off, for a few minutes) until the provider's notice has marked it paid or the house closed it,
 * and what happened in words: arrived with the new balance, or not completed with a retry. A
 * shortfall top-up goes on to its order, which the server paid when the money arrived.
 */
export default function RechargeResultPage() {
  const { t } = useTranslation();
  const id = Number(usePageParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const [stopAt, setStopAt] = useState(() => Date.now() + RECHARGE_POLL_STOP_MS);
  const [stopped, setStopped] = useState(false);
  const query = useRechargeQuery(validId ? id : 0, stopAt);
  const recharge = query.data;
  const status = recharge?.status;
  useMemberInfoQuery(status === 'paid');
  const member = useUserStore((state) => state.userInfo);

  // Past the stop the page no longer asks by itself; the member may ask again.
  useEffect(() => {
    if (status !== 'pending') return;
    const left = stopAt - Date.now();
    if (left <= 0) {
      setStopped(true);
      return;
    }
    const timer = setTimeout(() => setStopped(true), left);
    return () => clearTimeout(timer);
  }, [status, stopAt]);

  // Once paid, every balance and order on screen elsewhere is out of date.
  const refreshed = useRef(false);
  useEffect(() => {
    if (status !== 'paid' || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: memberInfoKey });
    void queryClient.invalidateQueries({ queryKey: ['asset'], predicate: (q) => q.queryKey[2] !== 'info' });
    void queryClient.invalidateQueries({ queryKey: orderListKey });
    void queryClient.invalidateQueries({ queryKey: ['order'] });
  }, [status]);

  const askAgain = () => {
    setStopped(false);
    setStopAt(Date.now() + RECHARGE_POLL_STOP_MS);
    void queryClient.invalidateQueries({ queryKey: rechargeKey(id) });
  };

  if (!validId) return <EmptyState title={t('rechargeResult.notFound')} testId="recharge-result-not-found" />;
  if (query.isPending) {
    return (
      <div className="recharge-result-page" aria-busy="true" data-testid="recharge-result-loading">
        <div className="recharge-result-hero">
          <DotLoading color="currentColor" />
        </div>
      </div>
    );
  }
  if (!recharge) {
    const notFound = isRequestError(query.error) && query.error.code === 404;
    return notFound ? (
      <EmptyState title={t('rechargeResult.notFound')} testId="recharge-result-not-found" />
    ) : (
      <EmptyState
        status="error"
        title={t('rechargeResult.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="recharge-result-error"
      />
    );
  }

  const from = returnAfterRecharge(recharge.id);
  const again = () => go(rechargePath(recharge.orderId), { replace: true });

  return (
    <div className="recharge-result-page" data-testid="recharge-result" data-status={recharge.status}>
      <section className={`recharge-result-hero recharge-result-hero-${recharge.status}`} role="status">
        <span className="recharge-result-icon" aria-hidden="true">
          {recharge.status === 'paid' ? (
            <CheckCircleFill />
          ) : recharge.status === 'closed' ? (
            <CloseCircleFill />
          ) : (
            <ClockCircleFill />
          )}
        </span>
        <h1 className="recharge-result-title" data-testid="recharge-result-title">
          {recharge.status === 'paid'
            ? t('rechargeResult.paid')
            : recharge.status === 'closed'
              ? t('rechargeResult.closed')
              : stopped
                ? t('rechargeResult.noAnswer')
                : t('rechargeResult.waiting')}
        </h1>
        <div className="recharge-result-text" data-testid="recharge-result-text">
          {recharge.status === 'paid' ? (
            member ? (
              <>
                {t('rechargeResult.balance')}{' '}
                <span data-testid="recharge-result-balance">{formatMoney(member.balance)}</span>
              </>
            ) : null
          ) : recharge.status === 'closed' ? (
            t('rechargeResult.closedText')
          ) : stopped ? (
            t('rechargeResult.noAnswerText')
          ) : (
            <>
              {t('rechargeResult.waitingText')}
              <DotLoading color="currentColor" />
            </>
          )}
        </div>
      </section>

      <Facts recharge={recharge} />

      {recharge.status === 'paid' && recharge.orderId !== undefined && (
        <OrderAfterRecharge orderId={recharge.orderId} />
      )}

      <div className="recharge-result-actions">
        {recharge.status === 'paid' && recharge.orderId === undefined && (
          <Button
            block
            color="primary"
            shape="rounded"
            className="gold-button"
            onClick={() => go(from ?? routePaths.bill, { replace: true })}
            data-testid="recharge-result-done"
          >
            {from ? t('rechargeResult.back') : t('rechargeResult.viewBills')}
          </Button>
        )}
        {recharge.status === 'pending' && recharge.payUrl && (
          <Button
            block
            color="primary"
            shape="rounded"
            className="gold-button"
            onClick={() => openPayPage(recharge.payUrl!)}
            data-testid="recharge-result-continue"
          >
            {t('rechargeResult.continue', { channel: labelOf('rechargeChannel', recharge.channel, currentLocale()) })}
          </Button>
        )}
        {recharge.status === 'pending' && stopped && (
          <Button
            block
            shape="rounded"
            className="outline-gold-button"
            onClick={askAgain}
            data-testid="recharge-result-ask"
          >
            {t('rechargeResult.askAgain')}
          </Button>
        )}
        {recharge.status === 'closed' && (
          <Button
            block
            color="primary"
            shape="rounded"
            className="gold-button"
            onClick={again}
            data-testid="recharge-result-retry"
          >
            {recharge.orderId !== undefined ? t('rechargeResult.retryOrder') : t('rechargeResult.retry')}
          </Button>
        )}
        {recharge.status === 'closed' && recharge.orderId !== undefined && (
          <Button
            block
            shape="rounded"
            className="outline-gold-button"
            onClick={() => go(pagePath('order', { id: recharge.orderId! }), { replace: true })}
            data-testid="recharge-result-view-order"
          >
            {t('rechargeResult.viewOrder')}
          </Button>
        )}
      </div>
      {recharge.status === 'pending' && <p className="recharge-result-note">{t('rechargeResult.pendingNote')}</p>}
    </div>
  );
}
