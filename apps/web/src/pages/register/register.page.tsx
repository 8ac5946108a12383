import { phone as phoneSchema, registerInput } from '@antique/shared';
import { Button, Checkbox, Popup } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { go } from '../../lib/navigation';
import { LOGIN_PATH, MY_PATH, pagePath } from '../../lib/route-paths';
import { fieldErrorsOf, translateIssue, type FieldErrors } from '../../components/form-field/field-errors';
import { FormField } from '../../components/form-field/form-field';
import { PasswordField } from '../../components/form-field/password-field';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { useRegisterMutation } from '../../features/auth/register.api';
import { startSession } from '../../features/auth/session.actions';
import { RuleContent } from '../../features/rule/rule-content';
import { describeError } from '../../lib/describe-error';
import { outerQueryParam, usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

type Field = 'phone' | 'smsCode' | 'password' | 'inviteCode' | 'agreement';

const AGREEMENT_PATH = pagePath('rule', { id: 'agreement' });

const reasonFields: Partial<Record<string, Field>> = {
  SMS_CODE_INVALID: 'smsCode',
  INVITE_CODE_INVALID: 'inviteCode',
};

export default function RegisterPage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const [phone, setPhone] = useState(() => (params.phone ?? '').replace(/\D/g, '').slice(0, 11));
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  // An invite link carries the code as ?inviteCode= or ?code=, in the page's query or the address's own.
  const [inviteCode, setInviteCode] = useState(
    () => params.inviteCode ?? params.code ?? outerQueryParam('inviteCode') ?? outerQueryParam('code') ?? '',
  );
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useRegisterMutation();

  const setError = (field: Field, message: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  const resolvePhone = () => {
    const parsed = phoneSchema.safeParse(phone);
    if (!parsed.success) {
      const message = translateIssue(parsed.error.issues[0]?.message ?? '', t);
      setError('phone', message);
      showToast(message);
      return null;
    }
    setError('phone', undefined);
    return parsed.data;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = registerInput.safeParse({ phone, smsCode, password, inviteCode: inviteCode.trim() });
    const next: FieldErrors<Field> = parsed.success ? {} : fieldErrorsOf<Field>(parsed.error, t);
    if (!agreed) next.agreement = t('invalid.agreement');
    setErrors(next);
    if (!parsed.success) return;
    if (!agreed) {
      showToast(t('invalid.agreement'));
      return;
    }
    try {
      const { inviteCode: code, ...rest } = parsed.data;
      const session = await mutation.mutateAsync(code ? { ...rest, inviteCode: code } : rest);
      await startSession(session.token);
      showSuccessToast(t('register.success'));
      go(MY_PATH, { replace: true });
    } catch (error) {
      const message = describeError(error, t);
      if (!isRequestError(error)) {
        showToast(message);
        return;
      }
      if (error.reason === 'PHONE_TAKEN') {
        const toLogin = await showMessageBox({ msg: message, confirmText: t('register.toLogin') });
        if (toLogin) go(LOGIN_PATH, { replace: true });
        return;
      }
      const field = (error.reason && reasonFields[error.reason]) || (error.field as Field | undefined);
      if (field && ['phone', 'smsCode', 'password', 'inviteCode'].includes(field)) setError(field, message);
      else showToast(message);
    }
  };

  return (
    <div className="auth-page" data-testid="register-page">
      <div className="auth-hero">
        <div className="auth-seal" aria-hidden="true">
          拾
        </div>
        <h1 className="auth-title">{t('register.title')}</h1>
        <p className="auth-subtitle">{t('register.subtitle')}</p>
      </div>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-card">
          <FormField label={t('register.phone')} htmlFor="register-phone" error={errors.phone}>
            <input
              id="register-phone"
              className="field-input"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              value={phone}
              placeholder={t('register.phonePlaceholder')}
              onChange={(event) => {
                setPhone(event.target.value.replace(/\D/g, ''));
                setError('phone', undefined);
              }}
              data-testid="register-phone"
            />
          </FormField>
          <SmsCodeFields
            scene="register"
            resolvePhone={resolvePhone}
            code={smsCode}
            onCodeChange={(value) => {
              setSmsCode(value);
              setError('smsCode', undefined);
            }}
            codeError={errors.smsCode}
            codeTestId="register-sms-code"
          />
          <PasswordField
            id="register-password"
            label={t('register.password')}
            value={password}
            onChange={(value) => {
              setPassword(value);
              setError('password', undefined);
            }}
            placeholder={t('register.passwordPlaceholder')}
            error={errors.password}
            autoComplete="new-password"
            testId="register-password"
          />
          <FormField label={t('register.inviteCode')} htmlFor="register-invite-code" error={errors.inviteCode}>
            <input
              id="register-invite-code"
              className="field-input"
              value={inviteCode}
              maxLength={12}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t('register.inviteCodePlaceholder')}
              onChange={(event) => {
                setInviteCode(event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''));
                setError('inviteCode', undefined);
              }}
              data-testid="register-invite-code"
            />
          </FormField>
        </div>
        <div className={errors.agreement ? 'agreement agreement-invalid' : 'agreement'}>
          <Checkbox
            checked={agreed}
            onChange={(checked) => {
              setAgreed(checked);
              setError('agreement', undefined);
            }}
            data-testid="register-agree"
          >
            {t('register.agreePrefix')}
          </Checkbox>
          <a
            href={`#${AGREEMENT_PATH}`}
            className="link-button"
            onClick={(event) => {
              // Read it over the form, so that nothing typed is lost.
              event.preventDefault();
              setAgreementOpen(true);
            }}
            data-testid="register-agreement-link"
          >
            {t('register.agreement')}
          </a>
        </div>
        <div className="form-actions">
          <Button
            type="submit"
            color="primary"
            size="large"
            shape="rounded"
            block
            loading={mutation.isPending}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </div>
      </form>
      <p className="auth-switch">
        {t('register.hasAccount')}
        <button
          type="button"
          className="link-button"
          onClick={() => go(LOGIN_PATH, { replace: true })}
          data-testid="register-login-link"
        >
          {t('register.toLogin')}
        </button>
      </p>
      <Popup
        visible={agreementOpen}
        onMaskClick={() => setAgreementOpen(false)}
        onClose={() => setAgreementOpen(false)}
        bodyClassName="agreement-popup"
        destroyOnClose
      >
        <div className="agreement-popup-body" data-testid="agreement-popup">
          <RuleContent id="agreement" />
        </div>
        <div className="agreement-popup-actions">
          <Button
            color="primary"
            block
            shape="rounded"
            onClick={() => {
              setAgreed(true);
              setError('agreement', undefined);
              setAgreementOpen(false);
            }}
            data-testid="agreement-accept"
          >
            {t('register.agreeAndClose')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}
