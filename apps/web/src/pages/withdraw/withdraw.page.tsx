import {
  maskName,
  parseYuan,
  withdrawFee,
  withdrawInput,
  type WithdrawalMethod,
  type WithdrawInput,
} from '@antique/shared';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/empty-state/empty-state';
import { FormField } from '../../components/form-field/form-field';
import { FormSubmit } from '../../components/form-field/form-submit';
import { TextField } from '../../components/form-field/text-field';
import { useTradePasswordAction } from '../../components/trade-password/use-trade-password-action';
import { memberInfoKey, useMemberInfoQuery } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import { RuleAgreement } from '../../features/rule/rule-link';
import {
  requestWithdrawal,
  useWithdrawConfigQuery,
  withdrawConfigKey,
  type WithdrawConfig,
} from '../../features/withdrawals/withdrawals.api';
import '../../features/withdrawals/withdrawals.css';
import { describeError } from '../../lib/describe-error';
import { formatMoney } from '../../lib/format-money';
import { textFieldOf } from '../../lib/form/text-field-of';
import { useZodForm } from '../../lib/form/use-zod-form';
import { go, goAndReturn } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { routePaths } from '../../lib/route-paths';
import { showSuccessToast, showToast } from '../../lib/toast';

// The schema checks the six digits; the form has none until the popup, so this stands in for them.
const PASSWORD_PLACEHOLDER = '000000';

/** A member who cannot withdraw yet: what is missing, and the page that sets it up. */
function SetUpFirst({ config }: { config: WithdrawConfig }) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = useUserStore((state) => state.userInfo?.realNameStatus);
  if (!config.accountName) {
    const pending = status === 'pending';
    return (
      <EmptyState
        title={pending ? t('withdraw.realNamePending') : t('withdraw.needRealName')}
        description={t('withdraw.ownNameOnly')}
        actionText={pending ? t('withdraw.viewRealName') : t('withdraw.goRealName')}
        onAction={() => go(routePaths.realname)}
        testId="withdraw-need-realname"
      />
    );
  }
  return (
    <EmptyState
      title={t('withdraw.needTradePassword')}
      description={t('withdraw.tradePasswordWhy')}
      actionText={t('withdraw.goTradePassword')}
      onAction={() => goAndReturn(routePaths.tradePassword, `${location.pathname}${location.search}`)}
      testId="withdraw-need-trade-password"
    />
  );
}

function WithdrawForm({ config }: { config: WithdrawConfig }) {
  const { t } = useTranslation();
  const accountName = config.accountName ?? '';

  const form = useZodForm({
    schema: withdrawInput,
    initialValues: { amount: '', method: 'bank' as WithdrawalMethod, accountNo: '', bankName: '' },
    toInput: (v) => ({
      amount: parseYuan(v.amount) ?? Number.NaN,
      method: v.method,
      accountName,
      accountNo: v.method === 'bank' ? v.accountNo.replace(/\s/g, '') : v.accountNo.trim(),
      ...(v.method === 'bank' && v.bankName.trim() ? { bankName: v.bankName.trim() } : {}),
      tradePassword: PASSWORD_PLACEHOLDER,
    }),
    messages: { amount: 'invalid.withdrawAmount' },
    check: (v, errors) => {
      const amount = parseYuan(v.amount);
      if (errors.amount || amount === null) return errors;
      let message: string | undefined;
      if (config.todayCount >= config.perDay) message = t('withdraw.perDayUsed', { count: config.perDay });
      else if (amount < config.minAmount) message = t('withdraw.belowMin', { amount: formatMoney(config.minAmount) });
      else if (amount > config.maxAmount) message = t('withdraw.aboveMax', { amount: formatMoney(config.maxAmount) });
      else if (amount > config.balance) message = t('withdraw.overBalance');
      return message ? { ...errors, amount: message } : errors;
    },
    onSubmit: (input) => withdraw.open(input),
  });
  const { values, errors } = form;
  const amount = parseYuan(values.amount);
  const fee = amount !== null && amount > 0 ? withdrawFee(amount, config) : null;
  const actual = amount !== null && fee !== null ? Math.max(0, amount - fee) : null;
  const rate = `${(config.feeBps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

  const withdraw = useTradePasswordAction<WithdrawInput, unknown>({
    hasTradePassword: config.hasTradePassword,
    describe: (input) => t('withdraw.passwordFor', { amount: formatMoney(input.amount) }),
    send: (input, tradePassword, key) => requestWithdrawal({ ...input, tradePassword }, key),
    onDone: () => {
      showSuccessToast(t('withdraw.submitted'));
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      void queryClient.invalidateQueries({ queryKey: ['asset'] });
      go(routePaths.withdrawRecord, { replace: true });
    },
    onRefused: (error) => {
      if (error.reason === 'INSUFFICIENT_BALANCE') form.setError('amount', t('withdraw.overBalance'));
      else if (error.reason === 'WITHDRAW_LIMIT') {
        void queryClient.invalidateQueries({ queryKey: withdrawConfigKey });
        const data = error.data as { limit?: string } | null;
        form.setError(
          'amount',
          data?.limit === 'perDay'
            ? t('withdraw.perDayUsed', { count: config.perDay })
            : data?.limit === 'minAmount'
              ? t('withdraw.belowMin', { amount: formatMoney(config.minAmount) })
              : t('withdraw.aboveMax', { amount: formatMoney(config.maxAmount) }),
        );
      } else if (error.reason === 'ACCOUNT_NAME_MISMATCH') showToast(t('withdraw.nameMismatch'));
      else if (error.reason === 'REAL_NAME_REQUIRED')
        void queryClient.invalidateQueries({ queryKey: withdrawConfigKey });
      else showToast(describeError(error, t));
    },
  });

  const bank = values.method === 'bank';
  return (
    <form className="withdraw-form" onSubmit={form.handleSubmit} noValidate data-testid="withdraw-form">
      <section className="withdraw-balance">
        <div>
          <div className="withdraw-balance-label">{t('withdraw.balance')}</div>
          <div className="withdraw-balance-value" data-testid="withdraw-balance">
            {formatMoney(config.balance)}
          </div>
        </div>
        <button
          type="button"
          className="withdraw-link"
          onClick={() => go(routePaths.withdrawRecord)}
          data-testid="withdraw-to-record"
        >
          {t('withdraw.record')}
        </button>
      </section>
      <div className="form-card">
        <TextField
          id="withdraw-amount"
          label={t('withdraw.amount')}
          inputMode="decimal"
          maxLength={12}
          placeholder={t('withdraw.amountPlaceholder', { amount: formatMoney(config.minAmount) })}
          {...textFieldOf(form, 'amount', (value) => value.replace(/[^\d.]/g, ''))}
          extra={
            <button
              type="button"
              className="withdraw-all"
              onClick={() => form.setValue('amount', (Math.min(config.balance, config.maxAmount) / 100).toFixed(2))}
              data-testid="withdraw-all"
            >
              {t('withdraw.all')}
            </button>
          }
        />
        <FormField label={t('withdraw.method')} error={errors.method}>
          <div className="withdraw-methods" role="radiogroup">
            {(['bank', 'alipay'] as const).map((method) => (
              <button
                type="button"
                role="radio"
                aria-checked={values.method === method}
                key={method}
                className={values.method === method ? 'withdraw-method withdraw-method-active' : 'withdraw-method'}
                onClick={() => form.setValues({ method, accountNo: '' })}
                data-testid={`withdraw-method-${method}`}
              >
                {t(`withdraw.methods.${method}`)}
              </button>
            ))}
          </div>
        </FormField>
        <FormField label={t('withdraw.accountName')}>
          {/* Masked like every verified name; the request carries it in full. */}
          <span className="withdraw-readonly" data-testid="withdraw-account-name">
            {maskName(accountName)}
          </span>
          <span className="withdraw-readonly-hint">{t('withdraw.ownNameHint')}</span>
        </FormField>
        <TextField
          id="withdraw-account-no"
          label={bank ? t('withdraw.cardNo') : t('withdraw.alipayNo')}
          inputMode={bank ? 'numeric' : 'email'}
          maxLength={bank ? 36 : 64}
          autoComplete="off"
          placeholder={bank ? t('withdraw.cardNoPlaceholder') : t('withdraw.alipayNoPlaceholder')}
          {...textFieldOf(form, 'accountNo', (value) => (bank ? value.replace(/[^\d\s]/g, '') : value))}
        />
        {bank && (
          <TextField
            id="withdraw-bank-name"
            label={t('withdraw.bankName')}
            maxLength={40}
            placeholder={t('withdraw.bankNamePlaceholder')}
            {...textFieldOf(form, 'bankName')}
          />
        )}
      </div>
      <section className="withdraw-summary" data-testid="withdraw-summary">
        <div className="withdraw-summary-row">
          <span>{t('withdraw.fee', { rate, min: formatMoney(config.minFee) })}</span>
          <span data-testid="withdraw-fee">{fee === null ? '—' : formatMoney(fee)}</span>
        </div>
        <div className="withdraw-summary-row">
          <span>{t('withdraw.actual')}</span>
          <span className="withdraw-summary-actual" data-testid="withdraw-actual">
            {actual === null ? '—' : formatMoney(actual)}
          </span>
        </div>
      </section>
      <FormSubmit loading={withdraw.busy} testId="withdraw-submit">
        {t('withdraw.submit')}
      </FormSubmit>
      <RuleAgreement id="withdraw" />
      <p className="withdraw-rules" data-testid="withdraw-rules">
        {t('withdraw.rules', {
          min: formatMoney(config.minAmount),
          max: formatMoney(config.maxAmount),
          perDay: config.perDay,
          count: config.todayCount,
        })}
      </p>
      {withdraw.popup}
    </form>
  );
}

/** Withdraw to an account in the member's verified name: amount, method, account, the fee and what arrives, the trade password. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  useMemberInfoQuery();
  const query = useWithdrawConfigQuery();

  if (query.isPending) {
    return (
      <div className="skeleton-lines" aria-busy="true" data-testid="withdraw-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        status="error"
        title={t('withdraw.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="withdraw-error"
      />
    );
  }
  const config = query.data;
  return (
    <div className="withdraw-page" data-testid="withdraw-page">
      {config.accountName && config.hasTradePassword ? (
        <WithdrawForm config={config} />
      ) : (
        <SetUpFirst config={config} />
      )}
    </div>
  );
}
