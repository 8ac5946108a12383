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
  /** 409: this signed upload link has already received its file; ask for a new link. */
  'UPLOAD_USED',
  /** 400: the picture's width or height is outside what the house takes (pixel bombs). */
  'UPLOAD_DIMENSIONS',
  /** 400: no file was uploaded under this key (object storage: the upload never reached the bucket). */
  'UPLOAD_MISSING',
  'ACCOUNT_FROZEN',
  'INSUFFICIENT_BALANCE',
  'OUT_OF_STOCK',
  'ORDER_NOT_PENDING',
  'ORDER_EXPIRED',
  'LOT_NOT_LIVE',
  /** 409: the lot has ended, closed or been withdrawn: the house can no longer withdraw it or void its bids. */
  'LOT_NOT_OPEN',
  /** 409: the bid is voided already. */
  'BID_ALREADY_VOIDED',
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
  /** 409: the first call with this `Idempotency-Key` is still running; repeat it after `retryAfter` seconds. */
  'REQUEST_IN_PROGRESS',
  /** 422: wrong username or password; `data.captchaRequired` once the username's next sign-in needs a captcha. */
  'OPERATOR_LOGIN_FAILED',
  /** 422: this username failed a few times lately: sign in with a solved captcha (`data.captchaRequired`). */
  'CAPTCHA_REQUIRED',
  'USERNAME_TAKEN',
  /** 422: an admin cannot disable or demote their own account (the console would lose its last door). */
  'SELF_LOCKOUT',
  'CATEGORY_IN_USE',
  'ADDRESS_LIMIT',
  /** 422: the member already watches as many open lots as allowed (`data.limit`). */
  'WATCH_LIMIT',
  /** 422: the member already keeps as many saved searches as allowed (`data.max`). */
  'SAVED_SEARCH_LIMIT',
  /** 409: no free unit of the product (all in lots, sold, or held by unpaid orders) to make a lot of. */
  'PIECE_NOT_AVAILABLE',
  /** 409: the member already has the most unpaid mall orders the settings allow (`data.limit`). */
  'TOO_MANY_UNPAID_ORDERS',
  /** 409: only a member's pending mall order can be cancelled by them (an auction order's deposit rules apply). */
  'ORDER_NOT_CANCELLABLE',
  /** 422: this online channel (alipay, wechat) is not configured by the house; `data.channel`. */
  'CHANNEL_NOT_AVAILABLE',
  /** 422: a top-up outside the settings' recharge limits; `data.min`, `data.max` in fen. */
  'RECHARGE_LIMIT',
  /** 409: the balance already covers the order: pay it from the wallet. */
  'NO_SHORTFALL',
  /** 503: the payment provider did not answer or refused the request; nothing was charged. Try again later. */
  'PROVIDER_UNAVAILABLE',
  /** 422: only a withdrawal to an Alipay account can be paid through Alipay's transfer. */
  'PAYOUT_NOT_ALIPAY',
  /** 409: the piece was not shipped to the caller and received (a claim needs a received piece). */
  'CLAIM_NOT_RECEIVED',
  /** 422: more than the guarantee's days (`data.days`) passed since the piece was received. */
  'CLAIM_WINDOW_CLOSED',
  /** 409: the piece already has a pending or accepted claim. */
  'CLAIM_EXISTS',
  /** 409: the claim was already decided. */
  'CLAIM_DECIDED',
  /** 409: the lot is not one whose winner did not pay (sold, running, or unsold without a winner). */
  'LOT_NOT_OFFERABLE',
  /** 409: no other bidder (or none at or above the reserve) to offer the lot to. */
  'NO_UNDERBIDDER',
  /** 409: the lot already has an open or accepted second-chance offer. */
  'OFFER_EXISTS',
  /** 409: the offer is no longer open (accepted, expired or withdrawn). */
  'OFFER_CLOSED',
  /** 409: the lot has ended; questions are taken only before its end. */
  'QUESTIONS_CLOSED',
  /** 429: too many questions (`data.limit`; `data.scope`: 'lot' unanswered on this lot, 'day' today). */
  'QUESTION_LIMIT',
  /** 409: the question was already answered or hidden. */
  'QUESTION_NOT_OPEN',
] as const;

export type Reason = (typeof reasons)[number];

/**
 * The one table from a reason to its envelope code (and so, through `httpStatusOf`, its HTTP
 * status): a service says why it refuses (`fail('INSUFFICIENT_BALANCE')`), never which code.
 */
export const reasonCode = {
  VALIDATION: 400,
  UNAUTHENTICATED: 301,
  SESSION_EXPIRED: 302,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  FORBIDDEN: 403,
  INTERNAL: 500,
  CAPTCHA_INVALID: 400,
  SMS_CODE_INVALID: 400,
  SMS_COOLDOWN: 429,
  SMS_DAILY_LIMIT: 429,
  PHONE_TAKEN: 409,
  PHONE_NOT_REGISTERED: 422,
  INVITE_CODE_INVALID: 400,
  LOGIN_FAILED: 422,
  TRADE_PASSWORD_NOT_SET: 422,
  TRADE_PASSWORD_WRONG: 422,
  TRADE_PASSWORD_LOCKED: 422,
  REAL_NAME_REQUIRED: 403,
  REAL_NAME_PENDING: 409,
  REAL_NAME_VERIFIED: 409,
  REAL_NAME_NOT_PENDING: 409,
  ID_NUMBER_INVALID: 400,
  UPLOAD_INVALID: 400,
  UPLOAD_TOO_LARGE: 400,
  UPLOAD_EXPIRED: 400,
  UPLOAD_USED: 409,
  UPLOAD_DIMENSIONS: 400,
  UPLOAD_MISSING: 400,
  ACCOUNT_FROZEN: 403,
  INSUFFICIENT_BALANCE: 422,
  OUT_OF_STOCK: 409,
  ORDER_NOT_PENDING: 409,
  ORDER_EXPIRED: 409,
  LOT_NOT_LIVE: 422,
  LOT_NOT_OPEN: 409,
  BID_ALREADY_VOIDED: 409,
  BID_TOO_LOW: 422,
  OWN_LOT: 403,
  HOLDING_NOT_AVAILABLE: 409,
  WITHDRAW_LIMIT: 422,
  ACCOUNT_NAME_MISMATCH: 422,
  WITHDRAWAL_STATE_CHANGED: 409,
  RATE_LIMITED: 429,
  STREAMS_FULL: 503,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_IN_PROGRESS: 409,
  OPERATOR_LOGIN_FAILED: 422,
  CAPTCHA_REQUIRED: 422,
  USERNAME_TAKEN: 409,
  SELF_LOCKOUT: 422,
  CATEGORY_IN_USE: 409,
  ADDRESS_LIMIT: 422,
  WATCH_LIMIT: 422,
  SAVED_SEARCH_LIMIT: 422,
  PIECE_NOT_AVAILABLE: 409,
  TOO_MANY_UNPAID_ORDERS: 409,
  ORDER_NOT_CANCELLABLE: 409,
  CHANNEL_NOT_AVAILABLE: 422,
  RECHARGE_LIMIT: 422,
  NO_SHORTFALL: 409,
  PROVIDER_UNAVAILABLE: 503,
  PAYOUT_NOT_ALIPAY: 422,
  CLAIM_NOT_RECEIVED: 409,
  CLAIM_WINDOW_CLOSED: 422,
  CLAIM_EXISTS: 409,
  CLAIM_DECIDED: 409,
  LOT_NOT_OFFERABLE: 409,
  NO_UNDERBIDDER: 409,
  OFFER_EXISTS: 409,
  OFFER_CLOSED: 409,
  QUESTIONS_CLOSED: 409,
  QUESTION_LIMIT: 429,
  QUESTION_NOT_OPEN: 409,
} as const satisfies Record<Reason, Exclude<Code, 200>>;

export const FALLBACK_BUSY_MSG = '系统繁忙，请稍后再试';
export const FALLBACK_FAILED_MSG = '请求失败，请稍后再试';
