import { changePasswordInput } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { goBack } from '../../lib/navigation';
import { FormSubmit } from '../../components/form-field/form-submit';
import { NewPasswordFields } from '../../components/form-field/new-password-fields';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { useChangePasswordMutation } from '../../features/member/change-password.api';
import { useUserStore } from '../../features/member/user.store';
import { describeError } from '../../lib/describe-error';
import { textFieldOf } from '../../lib/form/text-field-of';
import { useZodForm } from '../../lib/form/use-zod-form';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

/** Change the login password with an SMS code; this device keeps a new session, every other one ends. */
export default function PasswordPage() {
  const { t } = useTranslation();
  const member = useUserStore((state) => state.userInfo);
  const mutation = useChangePasswordMutation();
  const form = useZodForm({
    schema: changePasswordInput,
    initialValues: { smsCode: '', password: '', confirm: '' },
    check: (values, errors) =>
      !errors.password && values.confirm !== values.password ? { confirm: t('invalid.passwordMismatch') } : {},
    busy: mutation.isPending,
    onSubmit: async (input) => {
      try {
        await mutation.mutateAsync(input);
        showSuccessToast(t('password.success'));
        goBack();
      } catch (error) {
        const message = describeError(error, t);
        if (isRequestError(error) && error.reason === 'SMS_CODE_INVALID') form.setErrors({ smsCode: message });
        else if (isRequestError(error) && error.field === 'password') form.setErrors({ password: message });
        else showToast(message);
      }
    },
  });

  return (
    <form className="security-page" onSubmit={form.handleSubmit} noValidate data-testid="password-page">
      <p className="security-intro">{t('password.intro')}</p>
      <div className="form-card">
        <SmsCodeFields
          scene="password"
          maskedPhone={member?.phone}
          {...textFieldOf(form, 'smsCode')}
          testId="password-sms-code"
        />
        <NewPasswordFields
          prefix="password"
          password={textFieldOf(form, 'password')}
          confirm={textFieldOf(form, 'confirm')}
        />
      </div>
      <FormSubmit loading={mutation.isPending} testId="password-submit">
        {t('password.submit')}
      </FormSubmit>
    </form>
  );
}
