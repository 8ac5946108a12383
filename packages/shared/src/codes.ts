/** Envelope codes of API.md and the HTTP status each one mirrors. */
export const httpStatusOf = {
  200: 200,
  301: 401,
  302: 401,
  400: 400,
  403: 403,
  404: 404,
  409: 409,
  422: 422,
  429: 429,
  500: 500,
  /** The instance cannot take this now (its live streams are full); `data.retryAfter` and `Retry-After`. */
  503: 503,
} as const;

export type Code = keyof typeof httpStatusOf;

/** Stable `data.reason` keys a client can act on. */
export const reasons = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'NOT_FOUND',
  /** A path (or method) the API does not have; `NOT_FOUND` is a record that does not exist. */
  'ROUTE_NOT_FOUND',
  'FORBIDDEN',
  'INTERNAL',
  'CAPTCHA_INVALID',
  'SMS_CODE_INVALID',
  'SMS_COOLDOWN',
  'SMS_DAILY_LIMIT',
  'PHONE_TAKEN',
  'PHONE_NOT_REGISTERED',
  'INVITE_CODE_INVALID',
  'LOGIN_FAILED',
  'TRADE_PASSWORD_NOT_SET',
  'TRADE_PASSWORD_WRONG',
  'TRADE_PASSWORD_LOCKED',
  'REAL_NAME_REQUIRED',
  'REAL_NAME_PENDING',
  'REAL_NAME_VERIFIED',
  'REAL_NAME_NOT_PENDING',
  'ID_NUMBER_INVALID',
  'UPLOAD_INVALID',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_EXPIRED',
  'ACCOUNT_FROZEN',
  'INSUFFICIENT_BALANCE',
  'OUT_OF_STOCK',
  'ORDER_NOT_PENDING',
  'ORDER_EXPIRED',
  'LOT_NOT_LIVE',
  'BID_TOO_LOW',
  'OWN_LOT',
  'HOLDING_NOT_AVAILABLE',
  'WITHDRAW_LIMIT',
  'ACCOUNT_NAME_MISMATCH',
  /** 409: the withdrawal is no longer in the status the operator's action needs. */
  'WITHDRAWAL_STATE_CHANGED',
  'RATE_LIMITED',
  /** 503: this instance has as many live streams open as it may; come back after `retryAfter` seconds. */
  'STREAMS_FULL',
  'IDEMPOTENCY_KEY_REUSED',
  /** 422: wrong username or password; `data.captchaRequired` once the username's next sign-in needs a captcha. */
  'OPERATOR_LOGIN_FAILED',
  /** 422: this username failed a few times lately: sign in with a solved captcha (`data.captchaRequired`). */
  'CAPTCHA_REQUIRED',
  'USERNAME_TAKEN',
  'CATEGORY_IN_USE',
  'ADDRESS_LIMIT',
  /** 409: no free unit of the product (all in lots, sold, or held by unpaid orders) to make a lot of. */
  'PIECE_NOT_AVAILABLE',
  /** 409: the member already has the most unpaid mall orders the settings allow (`data.limit`). */
  'TOO_MANY_UNPAID_ORDERS',
  /** 409: only a member's pending mall order can be cancelled by them (an auction order's deposit rules apply). */
  'ORDER_NOT_CANCELLABLE',
] as const;

export type Reason = (typeof reasons)[number];

export const FALLBACK_BUSY_MSG = '系统繁忙，请稍后再试';
export const FALLBACK_FAILED_MSG = '请求失败，请稍后再试';
