import type { TFunction } from './translator';
import { isRequestError } from './request-error';

// Reasons the member app words itself, so that every locale reads well; others keep the server's msg.
const reasonKeys = {
  CAPTCHA_INVALID: 'reasons.CAPTCHA_INVALID',
  SMS_CODE_INVALID: 'reasons.SMS_CODE_INVALID',
  SMS_DAILY_LIMIT: 'reasons.SMS_DAILY_LIMIT',
  PHONE_TAKEN: 'reasons.PHONE_TAKEN',
  PHONE_NOT_REGISTERED: 'reasons.PHONE_NOT_REGISTERED',
  INVITE_CODE_INVALID: 'reasons.INVITE_CODE_INVALID',
  LOGIN_FAILED: 'reasons.LOGIN_FAILED',
  ACCOUNT_FROZEN: 'reasons.ACCOUNT_FROZEN',
  REAL_NAME_PENDING: 'reasons.REAL_NAME_PENDING',
  REAL_NAME_VERIFIED: 'reasons.REAL_NAME_VERIFIED',
  ID_NUMBER_INVALID: 'reasons.ID_NUMBER_INVALID',
  UPLOAD_INVALID: 'reasons.UPLOAD_INVALID',
  UPLOAD_TOO_LARGE: 'reasons.UPLOAD_TOO_LARGE',
  UPLOAD_EXPIRED: 'reasons.UPLOAD_EXPIRED',
  UPLOAD_USED: 'reasons.UPLOAD_USED',
  ORDER_NOT_PENDING: 'reasons.ORDER_NOT_PENDING',
  ORDER_EXPIRED: 'reasons.ORDER_EXPIRED',
  INSUFFICIENT_BALANCE: 'reasons.INSUFFICIENT_BALANCE',
  TRADE_PASSWORD_NOT_SET: 'reasons.TRADE_PASSWORD_NOT_SET',
  TRADE_PASSWORD_WRONG: 'reasons.TRADE_PASSWORD_WRONG',
  ADDRESS_LIMIT: 'reasons.ADDRESS_LIMIT',
  REQUEST_IN_PROGRESS: 'reasons.REQUEST_IN_PROGRESS',
} as const;

const waitingReasons = {
  SMS_COOLDOWN: ['reasons.SMS_COOLDOWN', 'reasons.SMS_COOLDOWN_WAIT'],
  RATE_LIMITED: ['reasons.RATE_LIMITED', 'reasons.RATE_LIMITED_WAIT'],
  TRADE_PASSWORD_LOCKED: ['reasons.TRADE_PASSWORD_LOCKED', 'reasons.TRADE_PASSWORD_LOCKED_WAIT'],
} as const;

/** "45 秒" or "15 分钟": how long to wait, rounded up to whole minutes past one minute. */
export function formatWait(seconds: number, t: TFunction): string {
  return seconds < 60
    ? t('duration.seconds', { count: Math.max(1, Math.ceil(seconds)) })
    : t('duration.minutes', { count: Math.ceil(seconds / 60) });
}

function hasKey<K extends string>(table: Record<K, unknown>, key: string | undefined): key is K {
  return key !== undefined && Object.prototype.hasOwnProperty.call(table, key);
}

/** What to tell a member about a failed call or action. */
export function describeError(error: unknown, t: TFunction): string {
  if (!isRequestError(error)) return error instanceof Error && error.message ? error.message : t('errors.failed');
  if (error.kind === 'network') return t('errors.network');
  if (hasKey(reasonKeys, error.reason)) return t(reasonKeys[error.reason]);
  if (hasKey(waitingReasons, error.reason)) {
    const [plain, withWait] = waitingReasons[error.reason];
    return error.retryAfter && error.retryAfter > 0 ? t(withWait, { wait: formatWait(error.retryAfter, t) }) : t(plain);
  }
  return error.msg || t('errors.busy');
}
