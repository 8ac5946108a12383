import { loginInput } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { go } from '../../lib/navigation';
import { isPagePath, LOGIN_PATH, MY_PATH, pagePath, routePaths } from '../../lib/route-paths';
import { fieldErrorsOf, type FieldErrors } from '../../components/form-field/field-errors';
import { FormField } from '../../components/form-field/form-field';
import { PasswordField } from '../../components/form-field/password-field';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { useLoginMutation } from '../../features/auth/login.api';
import { startSession } from '../../features/auth/session.actions';
import { describeError } from '../../lib/describe-error';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

const REGISTER_PATH = routePaths.register;

/** Only in-app pages, and never back to login or register. */
export function safeRedirect(raw: string | undefined): string {
  if (!raw || !isPagePath(raw)) return MY_PATH;
  const path = raw.split('?')[0];
  return path === LOGIN_PATH || path === REGISTER_PATH ? MY_PATH : raw;
}

type Field = 'phone' | 'password';

export default function LoginPage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useLoginMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = loginInput.safeParse({ phone, password });
    if (!parsed.success) {
      const next = fieldErrorsOf<Field>(parsed.error, t);
      if (next.password) next.password = t('invalid.loginPassword');
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const session = await mutation.mutateAsync(parsed.data);
      await startSession(session.token);
      showSuccessToast(t('login.success'));
      go(safeRedirect(params.redirect), { replace: true });
    } catch (error) {
      const message = describeError(error, t);
      if (isRequestError(error) && error.reason === 'PHONE_NOT_REGISTERED') {
        const toRegister = await showMessageBox({ msg: message, confirmText: t('login.toRegister') });
        if (toRegister) go(pagePath('register', { phone: parsed.data.phone }));
      } else if (isRequestError(error) && error.reason === 'ACCOUNT_FROZEN') {
        await showMessageBox({ msg: message, showCancel: false });
      } else if (isRequestError(error) && error.reason === 'LOGIN_FAILED') {
        setErrors({ password: message });
      } else {
        showToast(message);
      }
    }
  };

  return (
    <div className="auth-page" data-testid="login-page">
      <div className="auth-hero">
        <div className="auth-seal" aria-hidden="true">
          拾
        </div>
        <h1 className="auth-title">{t('login.title')}</h1>
        <p className="auth-subtitle">{t('login.subtitle')}</p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-card">
          <FormField label={t('login.phone')} htmlFor="login-phone" error={errors.phone}>
            <input
              id="login-phone"
              className="field-input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              value={phone}
              placeholder={t('login.phonePlaceholder')}
              onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
              data-testid="login-phone"
            />
          </FormField>
          <PasswordField
            id="login-password"
            label={t('login.password')}
            value={password}
            onChange={setPassword}
            placeholder={t('login.passwordPlaceholder')}
            error={errors.password}
            autoComplete="current-password"
            testId="login-password"
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
