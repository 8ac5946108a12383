import type { SmsService } from '../modules/verification/sms.service.js';
import type { Job } from './scheduler.js';

/**
 * Texts a provider refused or did not answer, and texts written inside a transaction, tried
 * again when due (`sms.retryDue`: each taken by one conditional update under FOR UPDATE SKIP
 * LOCKED, so several instances never send one twice). Nothing to do with SMS_PROVIDER=outbox.
 */
export function smsRetryJob(sms: Pick<SmsService, 'retryDue'>, everyMs = 5_000): Job {
  return { name: 'sms-retry', everyMs, atStart: true, run: () => sms.retryDue() };
}
