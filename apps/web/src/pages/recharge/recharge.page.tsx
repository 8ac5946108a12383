import {
  labelOf,
  parseYuan,
  yuanForInput,
  type HouseBankAccount,
  type Order,
  type RechargeChannel,
  type RechargeConfig,
} from '@antique/shared';
import { Button, Skeleton } from 'antd-mobile';
import { BankcardOutline, CheckCircleFill, PayCircleOutline } from 'antd-mobile-icons';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { PriceText } from '../../components/price/price-text';
import { useMemberInfoQuery } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import { useOrderQuery } from '../../features/orders/order.api';
import { useRechargeConfigQuery } from '../../features/wallet/recharge-config.api';
import { ChannelMark } from '../../features/wallet/channel-mark';
import { useOnlineTopUp } from '../../features/wallet/use-online-top-up';
import { copyText } from '../../lib/clipboard';
import { describeError } from '../../lib/describe-error';
import { formatMoney } from '../../lib/format-money';
import { currentLocale } from '../../lib/i18n';
import { go } from '../../lib/navigation';
import { showToast } from '../../lib/toast';
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

/** Preset amounts in yuan; only those within the house's limits are offered. */
const PRESET_YUAN = [100, 500, 1000, 2000, 5000, 10000];

/**
 * Paying online: an amount (a preset or typed, within the limits), a configured channel, and
 * the provider's page. Larger sums go by bank transfer (below).
 */
function OnlineTopUp({
  config,
  suggested,
  from,
}: {
  config: RechargeConfig;
  /** What the page was opened for (an order's shortfall, a deposit): typed in at first. */
  suggested: number | undefined;
  from: string | undefined;
}) {
  const { t } = useTranslation();
  const { minAmount, maxAmount, channels } = config;
  const presets = PRESET_YUAN.map((yuan) => yuan * 100).filter((fen) => fen >= minAmount && fen <= maxAmount);
  const first =
    suggested !== undefined && suggested > 0
      ? Math.min(maxAmount, Math.max(minAmount, suggested))
      : (presets[1] ?? presets[0] ?? minAmount);
  const [text, setText] = useState(() => yuanForInput(first));
  const [channel, setChannel] = useState<RechargeChannel>(channels[0]!);
  const [touched, setTouched] = useState(false);
  const topUp = useOnlineTopUp({ from });

  const amount = parseYuan(text);
  const limits = t('recharge.limits', { min: formatMoney(minAmount), max: formatMoney(maxAmount) });
  const problem =
    text.trim() === ''
      ? t('recharge.amountRequired')
      : amount === null
        ? t('recharge.amountInvalid')
        : amount < minAmount || amount > maxAmount
          ? t('recharge.amountOutOfRange', { min: formatMoney(minAmount), max: formatMoney(maxAmount) })
          : null;

  const pay = async () => {
    setTouched(true);
    if (problem || amount === null || topUp.busy) return;
    try {
      await topUp.start({ channel, amount });
    } catch (error) {
      showToast(describeError(error, t));
    }
  };

  return (
    <section className="recharge-card" data-testid="recharge-online">
      <h2 className="recharge-card-title">
        <PayCircleOutline aria-hidden="true" />
        {t('recharge.onlineTitle')}
      </h2>
      <div className="recharge-presets" role="group" aria-label={t('recharge.amount')}>
        {presets.map((fen) => (
          <button
            key={fen}
            type="button"
            className={amount === fen ? 'recharge-preset recharge-preset-on' : 'recharge-preset'}
            aria-pressed={amount === fen}
            onClick={() => setText(yuanForInput(fen))}
            data-testid={`recharge-preset-${fen}`}
          >
            {formatMoney(fen)}
          </button>
        ))}
      </div>
      <label className="recharge-amount" htmlFor="recharge-amount-input">
        <span className="recharge-amount-label">{t('recharge.amount')}</span>
        <span className="recharge-amount-field">
          <span className="recharge-amount-currency">¥</span>
          <input
            id="recharge-amount-input"
            className="recharge-amount-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('recharge.amountPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && problem !== null}
            aria-describedby="recharge-amount-hint"
            data-testid="recharge-amount"
          />
        </span>
      </label>
      <p id="recharge-amount-hint" className="recharge-amount-hint">
        {touched && problem ? (
          <span className="recharge-error" role="alert" data-testid="recharge-amount-error">
            {problem}
          </span>
        ) : (
          <span data-testid="recharge-limits">{limits}</span>
        )}
      </p>
      <div className="recharge-channels" role="radiogroup" aria-label={t('recharge.channel')}>
        {channels.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={channel === option}
            className={channel === option ? 'recharge-channel recharge-channel-on' : 'recharge-channel'}
            onClick={() => setChannel(option)}
            data-testid={`recharge-channel-${option}`}
          >
            <ChannelMark channel={option} />
            <span className="recharge-channel-name">{labelOf('rechargeChannel', option, currentLocale())}</span>
            {channel === option && <CheckCircleFill className="recharge-channel-check" aria-hidden="true" />}
          </button>
        ))}
      </div>
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        className="gold-button recharge-pay"
        loading={topUp.busy}
        disabled={touched && problem !== null}
        onClick={() => void pay()}
        data-testid="recharge-pay"
      >
        {amount !== null && !problem
          ? t('recharge.payWith', {
              channel: labelOf('rechargeChannel', channel, currentLocale()),
              amount: formatMoney(amount),
            })
          : t('recharge.pay')}
      </Button>
      <p className="recharge-online-note">{t('recharge.onlineNote')}</p>
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
        <ChevronRightIcon />
      </button>
    </section>
  );
}

/**
 * Adding money: online through the channels the house has configured (Alipay, WeChat Pay), and
 * a bank transfer to the house's account for larger sums, recorded by finance (the account and
 * what to write in the memo, each with a copy button). With no channel configured only the
 * transfer shows. Opened from an order, it also says what that order lacks.
 */
export default function RechargePage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const orderId = Number(params.orderId);
  const fromOrder = Number.isInteger(orderId) && orderId > 0;
  const asked = Number(params.amount);
  const config = useRechargeConfigQuery();
  useMemberInfoQuery();
  const member = useUserStore((state) => state.userInfo);
  const order = useOrderQuery(fromOrder ? orderId : 0);

  // What the top-up is for: an order's shortfall, or an amount the opener named (a bid's deposit).
  const shortfall =
    order.data?.status === 'pending' && member ? Math.max(0, order.data.amount - member.balance) : undefined;
  const suggested =
    shortfall !== undefined && shortfall > 0 ? shortfall : Number.isSafeInteger(asked) && asked > 0 ? asked : undefined;
  // Back to the page that sent the member here (a bid sheet), once the money has arrived.
  const from = params.from ?? (fromOrder ? pagePath('order', { id: orderId }) : undefined);

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
          <ChevronRightIcon />
        </button>
      </section>
      {order.data && <OrderShortfall order={order.data} balance={member?.balance} />}
      {config.data.channels.length > 0 && (
        <OnlineTopUp
          // Typed in once the figure it suggests is known (an order's shortfall needs the balance).
          key={suggested === undefined ? 'plain' : `for-${suggested}`}
          config={config.data}
          suggested={suggested}
          from={from}
        />
      )}
      <BankTransfer bank={config.data.bank} phone={member?.phone} />
    </div>
  );
}
