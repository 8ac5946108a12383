import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { go } from '../../lib/navigation';
import { pagePath, routePaths, safeRedirect } from '../../lib/route-paths';
import { PhoneField } from '../../components/form-field/phone-field';
import { PasswordField } from '../../components/form-field/password-field';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { useLoginMutation } from '../../features/auth/login.api';
import { startSession } from '../../features/member/session.actions';
import { describeError } from '../../lib/describe-error';
import { useZodForm } from '../../lib/form/use-zod-form';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
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
  const { values, errors } = form;

  return (
    <div className="auth-page" data-testid="login-page">
      <div className="auth-hero">
        <div className="auth-seal" aria-hidden="true">
          拾
        </div>
        <h1 className="auth-title">{t('login.title')}</h1>
        <p className="auth-subtitle">{t('login.subtitle')}</p>
      </div>
      <form onSubmit={form.handleSubmit} noValidate>
        <div className="form-card">
          <PhoneField
            id="login-phone"
            label={t('login.phone')}
            placeholder={t('login.phonePlaceholder')}
            value={values.phone}
            onChange={(value) => form.setValue('phone', value)}
            error={errors.phone}
            testId="login-phone"
          />
          <PasswordField
            id="login-password"
            label={t('login.password')}
            value={values.password}
            onChange={(value) => form.setValue('password', value)}
            placeholder={t('login.passwordPlaceholder')}
            error={errors.password}
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
        <div className="form-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            shape="rounded"
            block
            loading={mutation.isPending}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </div>
      </form>
      <p className="auth-switch">
        {t('login.noAccount')}
        <button
          type="button"
          className="link-button"
          onClick={() => go(REGISTER_PATH, { replace: true })}
          data-testid="login-register-link"
        >
          {t('login.toRegister')}
        </button>
      </p>
    </div>
  );
}
