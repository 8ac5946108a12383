import { registerInput } from '@antique/shared';
import { Button, Checkbox } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { LOGIN_PATH, MY_PATH, pagePath } from '../../lib/route-paths';
import { FormSubmit } from '../../components/form-field/form-submit';
import { PhoneField } from '../../components/form-field/phone-field';
import { PasswordField } from '../../components/form-field/password-field';
import { TextField } from '../../components/form-field/text-field';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { AuthHero, AuthSwitch } from '../../features/auth/auth-frame';
import { SmsCodeFields } from '../../features/auth/sms-code-fields';
import { useRegisterMutation } from '../../features/auth/register.api';
import { suggestRealNameNext } from '../../features/member/real-name-prompt';
import { startSession } from '../../features/member/session.actions';
import { RuleContent } from '../../features/rule/rule-content';
import { describeError } from '../../lib/describe-error';
import { textFieldOf } from '../../lib/form/text-field-of';
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

  return (
    <div className="auth-page" data-testid="register-page">
      <AuthHero title={t('register.title')} subtitle={t('register.subtitle')} />
      <form onSubmit={form.handleSubmit} noValidate>
        <div className="form-card">
          <PhoneField
            id="register-phone"
            label={t('register.phone')}
            placeholder={t('register.phonePlaceholder')}
            {...textFieldOf(form, 'phone')}
            testId="register-phone"
          />
          <SmsCodeFields
            scene="register"
            checkPhone={() => form.validateField('phone')}
            sentNotice={t('register.smsSent')}
            {...textFieldOf(form, 'smsCode')}
            testId="register-sms-code"
          />
          <PasswordField
            id="register-password"
            label={t('register.password')}
            {...textFieldOf(form, 'password')}
            placeholder={t('register.passwordPlaceholder')}
            autoComplete="new-password"
            testId="register-password"
          />
          <TextField
            id="register-invite-code"
            label={t('register.inviteCode')}
            maxLength={12}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={t('register.inviteCodePlaceholder')}
            {...textFieldOf(form, 'inviteCode', (value) => value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
          />
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
        <FormSubmit loading={mutation.isPending} testId="register-submit">
          {t('register.submit')}
        </FormSubmit>
      </form>
      <AuthSwitch
        question={t('register.hasAccount')}
        action={t('register.toLogin')}
        to={LOGIN_PATH}
        testId="register-login-link"
      />
      <Sheet
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
      </Sheet>
    </div>
  );
}
