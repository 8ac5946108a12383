import type { CaptchaOutput, SmsScene } from '@antique/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { fetchCaptcha } from './captcha.api';
import { sendSms } from './send-sms.api';
import { describeError } from '../../lib/describe-error';
import type { FieldCheck } from '../../lib/form/use-zod-form';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';
import { TextField } from '../../components/form-field/text-field';
import { useCountdown } from '../../components/sms-code/use-countdown';

/** The specification's wait between two codes when the server does not say. */
export const SMS_RESEND_SECONDS = 60;

interface SmsCodeFieldsProps {
  scene: SmsScene;
  /**
   * Register and forgot password: checks the phone to send to (`form.validateField('phone')`);
   * one not valid yet is said under its field and in a toast. Logged-in scenes leave it out:
   * the server uses the member's own.
   */
  checkPhone?: () => FieldCheck<string>;
  /** Shown to a logged-in member: where the code goes (the masked number). */
  maskedPhone?: string;
  /**
   * Shown under the code once sent, for a phone the app cannot know to be a member's: the server
   * answers alike for every phone, so the text says what the member will find in their messages.
   */
  sentNotice?: string;
  /** The code as typed (digits only), its change and its message: `textFieldOf(form, 'smsCode')`. */
  value: string;
  onChange(code: string): void;
  error?: string | null;
  /** The code input's test id. */
  testId: string;
}

type CaptchaState = { status: 'loading' } | { status: 'ready'; captcha: CaptchaOutput } | { status: 'failed' };

/** Image captcha, then the SMS code with its send button and 60 s countdown. */
export function SmsCodeFields(props: SmsCodeFieldsProps) {
  const { scene, checkPhone, maskedPhone, sentNotice, value, onChange, error, testId } = props;
  const { t } = useTranslation();
  const [captcha, setCaptcha] = useState<CaptchaState>({ status: 'loading' });
  const [captchaCode, setCaptchaCode] = useState('');
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const countdown = useCountdown();

  const refreshCaptcha = useCallback(() => {
    setCaptcha({ status: 'loading' });
    setCaptchaCode('');
    fetchCaptcha().then(
      (next) => setCaptcha({ status: 'ready', captcha: next }),
      () => setCaptcha({ status: 'failed' }),
    );
  }, []);

  useEffect(refreshCaptcha, [refreshCaptcha]);

  const send = async () => {
    if (sending || countdown.left > 0) return;
    const phone = checkPhone?.();
    if (phone && !phone.ok) {
      showToast(phone.message);
      return;
    }
    if (captcha.status !== 'ready') {
      refreshCaptcha();
      return;
    }
    if (!captchaCode.trim()) {
      setCaptchaError(t('invalid.captcha'));
      return;
    }
    setCaptchaError(null);
    setSending(true);
    try {
      const sent = await sendSms({
        ...(phone ? { phone: phone.value } : {}),
        scene,
        captchaId: captcha.captcha.captchaId,
        captchaCode: captchaCode.trim(),
      });
      countdown.start(sent.resendIn > 0 ? sent.resendIn : SMS_RESEND_SECONDS);
      setSentOnce(true);
      showSuccessToast(t(sentNotice ? 'sms.sentCheck' : 'sms.sent'));
    } catch (error) {
      const message = describeError(error, t);
      if (isRequestError(error) && error.reason === 'CAPTCHA_INVALID') {
        setCaptchaError(message);
      } else {
        showToast(message);
      }
      if (isRequestError(error) && error.reason === 'SMS_COOLDOWN' && error.retryAfter) {
        countdown.start(error.retryAfter);
      }
    } finally {
      setSending(false);
      // A captcha answers one send only, whatever came of it.
      refreshCaptcha();
    }
  };

  const buttonText = sending
    ? t('sms.sending')
    : countdown.left > 0
      ? t('sms.countdown', { seconds: countdown.left })
      : t('sms.send');

  return (
    <>
      <TextField
        id={`${scene}-captcha`}
        label={t('sms.captcha')}
        value={captchaCode}
        onChange={(next) => {
          setCaptchaCode(next);
          setCaptchaError(null);
        }}
        error={captchaError}
        maxLength={8}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t('sms.captchaPlaceholder')}
        testId="captcha-input"
        extra={
          <button
            type="button"
            className="captcha-image"
            onClick={refreshCaptcha}
            title={t('sms.captchaRefresh')}
            aria-label={t('sms.captchaRefresh')}
            data-testid="captcha-image"
            data-captcha-id={captcha.status === 'ready' ? captcha.captcha.captchaId : undefined}
          >
            {captcha.status === 'ready' && <img src={captcha.captcha.image} alt={t('sms.captcha')} />}
            {captcha.status === 'loading' && <span className="captcha-image-text">{t('common.loading')}</span>}
            {captcha.status === 'failed' && <span className="captcha-image-text">{t('sms.captchaLoadFailed')}</span>}
          </button>
        }
      />
      <TextField
        id={`${scene}-sms-code`}
        label={t('sms.code')}
        value={value}
        onChange={(next) => onChange(next.replace(/\D/g, ''))}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('sms.codePlaceholder')}
        testId={testId}
        extra={
          <button
            type="button"
            className="sms-send"
            disabled={sending || countdown.left > 0}
            onClick={() => void send()}
            data-testid="sms-send"
          >
            {buttonText}
          </button>
        }
      />
      {maskedPhone && <p className="form-hint">{t('sms.sentToOwn', { phone: maskedPhone })}</p>}
      {sentOnce && sentNotice && (
        <p className="form-hint" role="status" data-testid="sms-sent-notice">
          {sentNotice}
        </p>
      )}
    </>
  );
}
