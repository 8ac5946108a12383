import { tradePasswordInput } from '@antique/shared';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../lib/navigation';
import { fieldErrorsOf, type FieldErrors } from '../../components/form-field/field-errors';
import { FormField } from '../../components/form-field/form-field';
import { PasswordPopup } from '../../components/password-popup/password-popup';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { useTradePasswordMutation } from '../../features/member/trade-password.api';
import { useUserStore } from '../../features/member/user.store';
import { describeError } from '../../lib/describe-error';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

type Field = 'smsCode' | 'tradePassword' | 'confirm';
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
      <RightOutline className="passcode-trigger-arrow" />
    </button>
  );
}

/** Set or reset the 6-digit trade password: an SMS code, then the password twice in the keypad popup. */
export default function TradePasswordPage() {
  const { t } = useTranslation();
  const member = useUserStore((state) => state.userInfo);
  const [smsCode, setSmsCode] = useState('');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [step, setStep] = useState<Step>(null);
  const [popupError, setPopupError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useTradePasswordMutation();
  const hasTradePassword = member?.hasTradePassword ?? false;

  const onFill = useCallback(
    (digits: string) => {
      if (step === 'first') {
        setFirst(digits);
        setSecond('');
        setPopupError(null);
        setErrors((current) => ({ ...current, tradePassword: undefined, confirm: undefined }));
        setStep('second');
        return;
      }
      if (digits !== first) {
        // Entered differently: start over from the first entry.
        setFirst('');
        setSecond('');
        setPopupError(t('tradePassword.mismatch'));
        setStep('first');
        return;
      }
      setSecond(digits);
      setPopupError(null);
      setStep(null);
    },
    [first, step, t],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = tradePasswordInput.safeParse({ smsCode, tradePassword: first });
    const next: FieldErrors<Field> = parsed.success ? {} : fieldErrorsOf<Field>(parsed.error, t);
    if (!next.tradePassword && second !== first) next.confirm = t('tradePassword.mismatch');
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    try {
      await mutation.mutateAsync(parsed.data);
      showSuccessToast(t('tradePassword.success'));
      goBack();
    } catch (error) {
      const message = describeError(error, t);
      if (isRequestError(error) && error.reason === 'SMS_CODE_INVALID') setErrors({ smsCode: message });
      else showToast(message);
    }
  };

  return (
    <form
      className="security-page"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="trade-password-page"
    >
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
          code={smsCode}
          onCodeChange={(value) => {
            setSmsCode(value);
            setErrors((current) => ({ ...current, smsCode: undefined }));
          }}
          codeError={errors.smsCode}
          codeTestId="trade-password-sms-code"
        />
        <FormField label={t('tradePassword.newPassword')} error={errors.tradePassword}>
          <PasscodeTrigger
            filled={first.length === 6}
            onOpen={() => {
              setPopupError(null);
              setStep('first');
            }}
            testId="trade-password-new"
          />
        </FormField>
        <FormField label={t('tradePassword.confirmPassword')} error={errors.confirm}>
          <PasscodeTrigger
            filled={second.length === 6}
            onOpen={() => {
              setPopupError(null);
              setStep(first.length === 6 ? 'second' : 'first');
            }}
            testId="trade-password-confirm"
          />
        </FormField>
      </div>
      <div className="form-actions">
        <Button
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          block
          loading={mutation.isPending}
          data-testid="trade-password-submit"
        >
          {hasTradePassword ? t('tradePassword.submitReset') : t('tradePassword.submitSet')}
        </Button>
      </div>
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
