import type { HouseBankAccount, Order } from '@antique/shared';
import { Button, Skeleton } from 'antd-mobile';
import { BankcardOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state/empty-state';
import { PriceText } from '../../components/price/price-text';
import { useMemberInfoQuery } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import { useOrderQuery } from '../../features/orders/order.api';
import { useRechargeConfigQuery } from '../../features/wallet/recharge-config.api';
import { copyText } from '../../lib/clipboard';
import { describeError } from '../../lib/describe-error';
import { go } from '../../lib/navigation';
import { usePageParams } from '../../lib/page-params';
import { pagePath, routePaths } from '../../lib/route-paths';
import './recharge.css';

/** One line of the house's account, copied as a bank app wants it pasted (or shown only, without `copy`). */
function CopyRow({
  label,
  value,
  copy,
  testId,
}: {
  label: string;
  value: string;
  copy?: string | false;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="recharge-row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="recharge-row-value" data-testid={`${testId}-value`}>
          {value}
        </span>
        {copy !== false && (
          <button
            type="button"
            className="recharge-copy tap-target"
            onClick={() => void copyText(copy || value)}
            aria-label={`${t('common.copy')} ${label}`}
            data-testid={`${testId}-copy`}
          >
            {t('common.copy')}
          </button>
        )}
      </dd>
    </div>
  );
}

function BankTransfer({ bank, phone }: { bank: HouseBankAccount; phone: string | undefined }) {
  const { t } = useTranslation();
  if (!bank.accountNo) {
    return (
      <section className="recharge-card" data-testid="recharge-no-bank">
        <p className="recharge-text">{t('recharge.noBank')}</p>
        <Button
          shape="rounded"
          className="outline-gold-button"
          onClick={() => go(routePaths.contactUs)}
          data-testid="recharge-contact"
        >
          {t('recharge.contact')}
        </Button>
      </section>
    );
  }
  const notes = bank.notes.split('\n').filter((line) => line.trim() !== '');
  return (
    <section className="recharge-card" data-testid="recharge-bank">
      <h2 className="recharge-card-title">
        <BankcardOutline aria-hidden="true" />
        {t('recharge.bankTitle')}
      </h2>
      <p className="recharge-text">{t('recharge.bankIntro')}</p>
      <dl className="recharge-rows">
        <CopyRow label={t('recharge.bankName')} value={bank.name} testId="recharge-bank-name" />
        <CopyRow label={t('recharge.accountName')} value={bank.accountName} testId="recharge-account-name" />
        {/* Shown grouped for reading, copied as digits only for pasting into a bank app. */}
        <CopyRow
          label={t('recharge.accountNo')}
          value={bank.accountNo}
          copy={bank.accountNo.replace(/\s+/g, '')}
          testId="recharge-account-no"
        />
        {/* The app knows the phone only masked; the member knows it in full. */}
        {phone && (
          <CopyRow
            label={t('recharge.memo')}
            value={t('recharge.memoValue', { phone })}
            copy={false}
            testId="recharge-memo"
          />
        )}
      </dl>
      {notes.length > 0 && (
        <div className="recharge-notes" data-testid="recharge-notes">
          <h3 className="recharge-notes-title">{t('recharge.notes')}</h3>
          {notes.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      )}
    </section>
  );
}

/** The order that sent the member here: what it costs, what is missing, and the way back to pay it. */
function OrderShortfall({ order, balance }: { order: Order; balance: number | undefined }) {
  const { t } = useTranslation();
  if (order.status !== 'pending') return null;
  const missing = balance === undefined ? undefined : Math.max(0, order.amount - balance);
  return (
    <section className="recharge-card recharge-order" data-testid="recharge-order">
      <div className="recharge-order-head">{t('recharge.order', { orderNo: order.orderNo })}</div>
      <dl className="recharge-order-figures">
        <div>
          <dt>{t('recharge.orderAmount')}</dt>
          <dd>
            <PriceText fen={order.amount} size="sm" />
          </dd>
        </div>
        {missing !== undefined && missing > 0 && (
          <div className="recharge-order-missing">
            <dt>{t('recharge.shortfall')}</dt>
            <dd data-testid="recharge-order-shortfall">
              <PriceText fen={missing} size="sm" />
            </dd>
          </div>
        )}
      </dl>
      {missing === 0 && (
        <p className="recharge-order-covered" data-testid="recharge-order-covered">
          {t('recharge.orderCovered')}
        </p>
      )}
      <button
        type="button"
        className="recharge-order-back"
        onClick={() => go(pagePath('order', { id: order.id }))}
        data-testid="recharge-order-back"
      >
        {missing === 0 ? t('recharge.payOrder') : t('recharge.backToOrder')}
        <RightOutline />
      </button>
    </section>
  );
}

/**
 * Adding money: today a bank transfer to the house's account, recorded by finance (the
 * account and what to write in the memo, each with a copy button). Online channels join
 * when the house configures one. Opened from an order, it also says what that order lacks.
 */
export default function RechargePage() {
  const { t } = useTranslation();
  const orderId = Number(usePageParams().orderId);
  const fromOrder = Number.isInteger(orderId) && orderId > 0;
  const config = useRechargeConfigQuery();
  useMemberInfoQuery();
  const member = useUserStore((state) => state.userInfo);
  const order = useOrderQuery(fromOrder ? orderId : 0);

  if (config.isPending) {
    return (
      <div className="recharge-page" aria-busy="true" data-testid="recharge-loading">
        <div className="skeleton-lines">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </div>
    );
  }
  if (config.isError) {
    return (
      <EmptyState
        status="error"
        title={t('recharge.loadFailed')}
        description={describeError(config.error, t)}
        onAction={() => void config.refetch()}
        testId="recharge-error"
      />
    );
  }

  return (
    <div className="recharge-page" data-testid="recharge-page">
      <section className="recharge-balance">
        <div>
          <div className="recharge-balance-label">{t('recharge.balance')}</div>
          <div className="recharge-balance-value" data-testid="recharge-balance">
            {member ? <PriceText fen={member.balance} size="lg" /> : '—'}
          </div>
        </div>
        <button
          type="button"
          className="recharge-bills tap-target"
          onClick={() => go(routePaths.bill)}
          data-testid="recharge-bills"
        >
          {t('recharge.viewBills')}
          <RightOutline />
        </button>
      </section>
      {order.data && <OrderShortfall order={order.data} balance={member?.balance} />}
      <BankTransfer bank={config.data.bank} phone={member?.phone} />
    </div>
  );
}
