import { tradePasswordInput } from '@antique/shared';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation } from 'react-router';
import { returnFrom } from '../../lib/navigation';
import { FormField } from '../../components/form-field/form-field';
import { FormSubmit } from '../../components/form-field/form-submit';
import { PasswordPopup } from '../../components/password-popup/password-popup';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { useTradePasswordMutation } from '../../features/member/trade-password.api';
import { useUserStore } from '../../features/member/user.store';
import { describeError } from '../../lib/describe-error';
import { textFieldOf } from '../../lib/form/text-field-of';
import { useZodForm } from '../../lib/form/use-zod-form';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { MY_PATH } from '../../lib/route-paths';
import { showSuccessToast, showToast } from '../../lib/toast';

type Step = 'first' | 'second' | null;

function PasscodeTrigger({ filled, onOpen, testId }: { filled: boolean; onOpen(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={filled ? 'passcode-trigger passcode-trigger-filled' : 'passcode-trigger'}
      onClick={onOpen}
      data-testid={testId}
      data-filled={filled}
    >
      <span>{filled ? '●●●●●●' : t('tradePassword.tapToEnter')}</span>
      <ChevronRightIcon className="passcode-trigger-arrow" />
    </button>
  );
}

/** Set or reset the 6-digit trade password: an SMS code, then the password twice in the keypad popup. */
export default function TradePasswordPage() {
  const { t } = useTranslation();
  const member = useUserStore((state) => state.userInfo);
  const [step, setStep] = useState<Step>(null);
  const [popupError, setPopupError] = useState<string | null>(null);
  const mutation = useTradePasswordMutation();
  const hasTradePassword = member?.hasTradePassword ?? false;
  // Where the member came to set it from (the withdraw page, an order's payment), to go back to.
  const from = usePageParams().from;
  const location = useLocation();
  const form = useZodForm({
    schema: tradePasswordInput,
    // The password as entered first, and its repetition.
    initialValues: { smsCode: '', tradePassword: '', confirm: '' },
    check: (values, errors) =>
      !errors.tradePassword && values.confirm !== values.tradePassword ? { confirm: t('tradePassword.mismatch') } : {},
    busy: mutation.isPending,
    onSubmit: async (input) => {
      try {
        await mutation.mutateAsync(input);
        showSuccessToast(t('tradePassword.success'));
        returnFrom(from, location.state, MY_PATH);
      } catch (error) {
        const message = describeError(error, t);
        if (isRequestError(error) && error.reason === 'SMS_CODE_INVALID') form.setErrors({ smsCode: message });
        else showToast(message);
      }
    },
  });
  const { values, errors, setValue, setValues } = form;
  const first = values.tradePassword;

  const onFill = useCallback(
    (digits: string) => {
      if (step === 'first') {
        setValues({ tradePassword: digits, confirm: '' });
        setPopupError(null);
        setStep('second');
        return;
      }
      if (digits !== first) {
        // Entered differently: start over from the first entry.
        setValues({ tradePassword: '', confirm: '' }, { clearErrors: false });
        setPopupError(t('tradePassword.mismatch'));
        setStep('first');
        return;
      }
      setValue('confirm', digits, { clearErrors: false });
      setPopupError(null);
      setStep(null);
    },
    [first, setValue, setValues, step, t],
  );

  return (
    <form className="security-page" onSubmit={form.handleSubmit} noValidate data-testid="trade-password-page">
      <p className="security-intro">
        {t('tradePassword.intro')}
        <br />
        <strong data-testid="trade-password-status" data-set={hasTradePassword}>
          {hasTradePassword ? t('tradePassword.statusSet') : t('tradePassword.statusUnset')}
        </strong>
      </p>
      <div className="form-card">
        <SmsCodeFields
          scene="trade"
          maskedPhone={member?.phone}
          {...textFieldOf(form, 'smsCode')}
          testId="trade-password-sms-code"
        />
        <FormField label={t('tradePassword.newPassword')} error={errors.tradePassword}>
          <PasscodeTrigger
            filled={values.tradePassword.length === 6}
            onOpen={() => {
              setPopupError(null);
              setStep('first');
            }}
            testId="trade-password-new"
          />
        </FormField>
        <FormField label={t('tradePassword.confirmPassword')} error={errors.confirm}>
          <PasscodeTrigger
            filled={values.confirm.length === 6}
            onOpen={() => {
              setPopupError(null);
              setStep(values.tradePassword.length === 6 ? 'second' : 'first');
            }}
            testId="trade-password-confirm"
          />
        </FormField>
      </div>
      <FormSubmit loading={mutation.isPending} testId="trade-password-submit">
        {hasTradePassword ? t('tradePassword.submitReset') : t('tradePassword.submitSet')}
      </FormSubmit>
      <PasswordPopup
        visible={step !== null}
        title={step === 'second' ? t('tradePassword.popupConfirmTitle') : t('tradePassword.popupTitle')}
        error={popupError}
        onFill={onFill}
        onClose={() => setStep(null)}
      />
    </form>
  );
}
