import { resetPasswordInput } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { FormSubmit } from '../../components/form-field/form-submit';
import { PhoneField } from '../../components/form-field/phone-field';
import { NewPasswordFields } from '../../components/form-field/new-password-fields';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { useResetPasswordMutation } from '../../features/auth/reset-password.api';
import { startSession } from '../../features/member/session.actions';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { describeError } from '../../lib/describe-error';
import { textFieldOf } from '../../lib/form/text-field-of';
import { useZodForm } from '../../lib/form/use-zod-form';
import { go } from '../../lib/navigation';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { safeRedirect } from '../../lib/route-paths';
import { showSuccessToast, showToast } from '../../lib/toast';

/** Forgot password: the phone, a captcha and an SMS code, a new password; then the member is logged in. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const mutation = useResetPasswordMutation();
  const form = useZodForm({
    schema: resetPasswordInput,
    initialValues: () => ({
      phone: (params.phone ?? '').replace(/\D/g, '').slice(0, 11),
      smsCode: '',
      password: '',
      confirm: '',
    }),
    check: (values, errors) =>
      !errors.password && values.confirm !== values.password ? { confirm: t('invalid.passwordMismatch') } : {},
    busy: mutation.isPending,
    onSubmit: async (input) => {
      try {
        const session = await mutation.mutateAsync(input);
        await startSession(session.token);
        showSuccessToast(t('forgotPassword.success'));
        go(safeRedirect(params.redirect), { replace: true });
      } catch (error) {
        const message = describeError(error, t);
        if (isRequestError(error) && error.reason === 'SMS_CODE_INVALID') form.setErrors({ smsCode: message });
        else if (isRequestError(error) && error.field === 'password') form.setErrors({ password: message });
        else if (isRequestError(error) && error.reason === 'ACCOUNT_FROZEN') {
          await showMessageBox({ msg: message, showCancel: false });
        } else showToast(message);
      }
    },
  });

  return (
    <form className="security-page" onSubmit={form.handleSubmit} noValidate data-testid="forgot-password-page">
      <p className="security-intro">{t('forgotPassword.intro')}</p>
      <div className="form-card">
        <PhoneField
          id="forgot-phone"
          label={t('login.phone')}
          placeholder={t('login.phonePlaceholder')}
          {...textFieldOf(form, 'phone')}
          testId="forgot-phone"
        />
        <SmsCodeFields
          scene="password"
          checkPhone={() => form.validateField('phone')}
          sentNotice={t('forgotPassword.smsSent')}
          {...textFieldOf(form, 'smsCode')}
          testId="forgot-sms-code"
        />
        <NewPasswordFields
          prefix="forgot-password"
          password={textFieldOf(form, 'password')}
          confirm={textFieldOf(form, 'confirm')}
        />
      </div>
      <FormSubmit loading={mutation.isPending} testId="forgot-password-submit">
        {t('forgotPassword.submit')}
      </FormSubmit>
    </form>
  );
}
