import { changePasswordInput } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../lib/navigation';
import { fieldErrorsOf, type FieldErrors } from '../../components/form-field/field-errors';
import { PasswordField } from '../../components/form-field/password-field';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { useChangePasswordMutation } from '../../features/member/change-password.api';
import { useUserStore } from '../../features/member/user.store';
import { describeError } from '../../lib/describe-error';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

type Field = 'smsCode' | 'password' | 'confirm';

/** Change the login password with an SMS code; this device keeps a new session, every other one ends. */
export default function PasswordPage() {
  const { t } = useTranslation();
  const member = useUserStore((state) => state.userInfo);
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useChangePasswordMutation();

  const clearError = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = changePasswordInput.safeParse({ smsCode, password });
    const next: FieldErrors<Field> = parsed.success ? {} : fieldErrorsOf<Field>(parsed.error, t);
    if (!next.password && confirm !== password) next.confirm = t('invalid.passwordMismatch');
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    try {
      await mutation.mutateAsync(parsed.data);
      showSuccessToast(t('password.success'));
      goBack();
    } catch (error) {
      const message = describeError(error, t);
      if (isRequestError(error) && error.reason === 'SMS_CODE_INVALID') setErrors({ smsCode: message });
      else if (isRequestError(error) && error.field === 'password') setErrors({ password: message });
      else showToast(message);
    }
  };

  return (
    <form className="security-page" onSubmit={(event) => void submit(event)} noValidate data-testid="password-page">
      <p className="security-intro">{t('password.intro')}</p>
      <div className="form-card">
        <SmsCodeFields
          scene="password"
          maskedPhone={member?.phone}
          code={smsCode}
          onCodeChange={(value) => {
            setSmsCode(value);
            clearError('smsCode');
          }}
          codeError={errors.smsCode}
          codeTestId="password-sms-code"
        />
        <PasswordField
          id="password-new"
          label={t('password.newPassword')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          placeholder={t('password.newPasswordPlaceholder')}
          error={errors.password}
          autoComplete="new-password"
          testId="password-new"
        />
        <PasswordField
          id="password-confirm"
          label={t('password.confirmPassword')}
          value={confirm}
          onChange={(value) => {
            setConfirm(value);
            clearError('confirm');
          }}
          placeholder={t('password.confirmPasswordPlaceholder')}
          error={errors.confirm}
          autoComplete="new-password"
          testId="password-confirm"
        />
      </div>
      <div className="form-actions">
        <Button
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          block
          loading={mutation.isPending}
          data-testid="password-submit"
        >
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
