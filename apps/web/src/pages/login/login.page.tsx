import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { pagePath, routePaths, safeRedirect } from '../../lib/route-paths';
import { FormSubmit } from '../../components/form-field/form-submit';
import { PhoneField } from '../../components/form-field/phone-field';
import { PasswordField } from '../../components/form-field/password-field';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { AuthHero, AuthSwitch } from '../../features/auth/auth-frame';
import { useLoginMutation } from '../../features/auth/login.api';
import { startSession } from '../../features/member/session.actions';
import { describeError } from '../../lib/describe-error';
import { textFieldOf } from '../../lib/form/text-field-of';
import { useZodForm } from '../../lib/form/use-zod-form';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { HouseStrip } from '../../features/condition/house-strip';
import { showSuccessToast, showToast } from '../../lib/toast';

const REGISTER_PATH = routePaths.register;

export default function LoginPage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const mutation = useLoginMutation();
  const form = useZodForm({
    // The first page a guest sees: it paints before zod arrives, and zod follows at once.
    schema: () => import('../../features/auth/login-schema').then((module) => module.loginInput),
    initialValues: { phone: '', password: '' },
    // An empty password is simply missing here: the strength rule belongs to register.
    messages: { password: 'invalid.loginPassword' },
    clearErrorOnChange: false,
    busy: mutation.isPending,
    onSubmit: async (input) => {
      try {
        const session = await mutation.mutateAsync(input);
        await startSession(session.token);
        showSuccessToast(t('login.success'));
        go(safeRedirect(params.redirect), { replace: true });
      } catch (error) {
        const message = describeError(error, t);
        if (isRequestError(error) && error.reason === 'PHONE_NOT_REGISTERED') {
          const toRegister = await showMessageBox({ msg: message, confirmText: t('login.toRegister') });
          if (toRegister) go(pagePath('register', { phone: input.phone }));
        } else if (isRequestError(error) && error.reason === 'ACCOUNT_FROZEN') {
          await showMessageBox({ msg: message, showCancel: false });
        } else if (isRequestError(error) && error.reason === 'LOGIN_FAILED') {
          form.setErrors({ password: message });
        } else {
          showToast(message);
        }
      }
    },
  });
  const { values } = form;

  return (
    <div className="auth-page" data-testid="login-page">
      <AuthHero title={t('login.title')} subtitle={t('login.subtitle')} />
      <form onSubmit={form.handleSubmit} noValidate>
        <div className="form-card">
          <PhoneField
            id="login-phone"
            label={t('login.phone')}
            placeholder={t('login.phonePlaceholder')}
            {...textFieldOf(form, 'phone')}
            testId="login-phone"
          />
          <PasswordField
            id="login-password"
            label={t('login.password')}
            {...textFieldOf(form, 'password')}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            testId="login-password"
          />
        </div>
        <div className="auth-forgot">
          <button
            type="button"
            className="link-button tap-target"
            onClick={() =>
              go(pagePath('forgotPassword', { phone: values.phone || undefined, redirect: params.redirect }))
            }
            data-testid="login-forgot-password"
          >
            {t('login.forgotPassword')}
          </button>
        </div>
        <FormSubmit loading={mutation.isPending} testId="login-submit">
          {t('login.submit')}
        </FormSubmit>
      </form>
      <AuthSwitch
        question={t('login.noAccount')}
        action={t('login.toRegister')}
        to={REGISTER_PATH}
        testId="login-register-link"
      />
      <HouseStrip />
    </div>
  );
}
