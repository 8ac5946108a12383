import { registerInput } from '@antique/shared';
import { Button, Checkbox, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { go } from '../../lib/navigation';
import { LOGIN_PATH, MY_PATH, pagePath } from '../../lib/route-paths';
import { FormField } from '../../components/form-field/form-field';
import { PhoneField } from '../../components/form-field/phone-field';
import { PasswordField } from '../../components/form-field/password-field';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { useRegisterMutation } from '../../features/auth/register.api';
import { suggestRealNameNext } from '../../features/member/real-name-prompt';
import { startSession } from '../../features/member/session.actions';
import { RuleContent } from '../../features/rule/rule-content';
import { describeError } from '../../lib/describe-error';
import { useZodForm } from '../../lib/form/use-zod-form';
import { outerQueryParam, usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

type Field = 'phone' | 'smsCode' | 'password' | 'inviteCode';
const serverFields: readonly string[] = ['phone', 'smsCode', 'password', 'inviteCode'] satisfies Field[];

/** The house rules a member accepts by registering, each readable over the form. */
const ACCEPTED_RULES = ['agreement', 'privacy'] as const;
type AcceptedRule = (typeof ACCEPTED_RULES)[number];

const reasonFields: Partial<Record<string, Field>> = {
  SMS_CODE_INVALID: 'smsCode',
  INVITE_CODE_INVALID: 'inviteCode',
};

export default function RegisterPage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const [openRule, setOpenRule] = useState<AcceptedRule | null>(null);
  const mutation = useRegisterMutation();
  const form = useZodForm({
    schema: registerInput,
    initialValues: () => ({
      phone: (params.phone ?? '').replace(/\D/g, '').slice(0, 11),
      smsCode: '',
      password: '',
      // An invite link carries the code as ?inviteCode= or ?code=, in the page's query or the address's own.
      inviteCode: params.inviteCode ?? params.code ?? outerQueryParam('inviteCode') ?? outerQueryParam('code') ?? '',
      agreement: false,
    }),
    // The schema ignores `agreement`, which only this page checks.
    toInput: (values) => ({ ...values, inviteCode: values.inviteCode.trim() }),
    check: (values) => (values.agreement ? {} : { agreement: t('invalid.agreement') }),
    onInvalid: (errors, schemaPassed) => {
      if (schemaPassed && errors.agreement) showToast(errors.agreement);
    },
    busy: mutation.isPending,
    onSubmit: async ({ inviteCode: code, ...rest }) => {
      try {
        const session = await mutation.mutateAsync(code ? { ...rest, inviteCode: code } : rest);
        await startSession(session.token);
        showSuccessToast(t('register.success'));
        // Bidding and withdrawing need a verified real name: 我的 offers it once, without blocking.
        suggestRealNameNext();
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
        const field = (error.reason && reasonFields[error.reason]) || error.field;
        if (field && serverFields.includes(field)) form.setError(field as Field, message);
        else showToast(message);
      }
    },
  });
  const { values, errors } = form;

  const resolvePhone = () => {
    const checked = form.validateField('phone');
    if (checked.ok) return checked.value;
    showToast(checked.message);
    return null;
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
      <form onSubmit={form.handleSubmit} noValidate>
        <div className="form-card">
          <PhoneField
            id="register-phone"
            label={t('register.phone')}
            placeholder={t('register.phonePlaceholder')}
            value={values.phone}
            onChange={(value) => form.setValue('phone', value)}
            error={errors.phone}
            testId="register-phone"
          />
          <SmsCodeFields
            scene="register"
            resolvePhone={resolvePhone}
            sentNotice={t('register.smsSent')}
            code={values.smsCode}
            onCodeChange={(value) => form.setValue('smsCode', value)}
            codeError={errors.smsCode}
            codeTestId="register-sms-code"
          />
          <PasswordField
            id="register-password"
            label={t('register.password')}
            value={values.password}
            onChange={(value) => form.setValue('password', value)}
            placeholder={t('register.passwordPlaceholder')}
            error={errors.password}
            autoComplete="new-password"
            testId="register-password"
          />
          <FormField label={t('register.inviteCode')} htmlFor="register-invite-code" error={errors.inviteCode}>
            <input
              id="register-invite-code"
              className="field-input"
              value={values.inviteCode}
              maxLength={12}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t('register.inviteCodePlaceholder')}
              onChange={(event) =>
                form.setValue('inviteCode', event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))
              }
              data-testid="register-invite-code"
            />
          </FormField>
        </div>
        <div className={errors.agreement ? 'agreement agreement-invalid' : 'agreement'}>
          <Checkbox
            checked={values.agreement}
            onChange={(checked) => form.setValue('agreement', checked)}
            data-testid="register-agree"
          >
            {t('register.agreePrefix')}
          </Checkbox>
          {ACCEPTED_RULES.map((rule, index) => (
            <span key={rule} className="agreement-link">
              {index > 0 && t('register.and')}
              <a
                href={`#${pagePath('rule', { id: rule })}`}
                className="link-button"
                onClick={(event) => {
                  // Read it over the form, so that nothing typed is lost.
                  event.preventDefault();
                  setOpenRule(rule);
                }}
                data-testid={`register-${rule}-link`}
              >
                {t(`register.${rule}`)}
              </a>
            </span>
          ))}
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
        visible={openRule !== null}
        onMaskClick={() => setOpenRule(null)}
        onClose={() => setOpenRule(null)}
        bodyClassName="agreement-popup"
        destroyOnClose
      >
        <div className="agreement-popup-body" data-testid="agreement-popup">
          {openRule && <RuleContent id={openRule} />}
        </div>
        <div className="agreement-popup-actions">
          <Button
            color="primary"
            block
            shape="rounded"
            onClick={() => {
              form.setValue('agreement', true);
              setOpenRule(null);
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
