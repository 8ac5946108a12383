// What the member app shows or checks before it sends, apart from the schemas that enforce
// them: a page that only counts characters, lists the eras or works out a fee gets these
// values, not zod and every schema (the build keeps this file in the small `labels` chunk).
// The schema files re-export each from here, so every other import stays as it was.

// from protect.schema.ts
/** Why a buyer claims (each app labels them). */
export const claimReasons = ['not_as_described', 'not_authentic', 'damaged', 'other'] as const;

export const CLAIM_TEXT_MIN = 10;

export const CLAIM_TEXT_MAX = 500;

export const CLAIM_PHOTOS_MAX = 9;

// from addresses.schema.ts
export const MAX_ADDRESSES = 20;

// from uploads.schema.ts
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

// from judge.schema.ts
export const QUESTION_MIN_CHARS = 5;

export const QUESTION_MAX_CHARS = 300;

// from wallet.schema.ts
export const billTypes = [
  'deposit',
  'payment',
  'refund',
  'bid_deposit_freeze',
  'bid_deposit_release',
  'bid_deposit_forfeit',
  'sale_proceeds',
  'referral_reward',
  'withdraw_freeze',
  'withdraw_paid',
  'withdraw_reject',
  'adjustment',
  'recharge',
  /** What a buyer paid for a piece, back to the wallet under the house's guarantee (an accepted claim). */
  'claim_refund',
] as const;

// from search.schema.ts
/** The dynasties and reigns the filter sheets offer (any other era may still be typed). */
export const eraChoices = [
  '新石器',
  '商',
  '周',
  '汉',
  '唐',
  '宋',
  '元',
  '明',
  '清',
  '民国',
  '永乐',
  '宣德',
  '成化',
  '嘉靖',
  '万历',
  '康熙',
  '雍正',
  '乾隆',
  '嘉庆',
  '道光',
  '光绪',
] as const;

// from follow.schema.ts
/** The tabs of 我的竞拍. */
export const mineTabs = ['watching', 'bidding', 'won', 'lost'] as const;

// from withdrawals.schema.ts
/** The fee of a withdrawal: a rate of the amount rounded up to the fen, never below the minimum fee. */
export function withdrawFee(amount: number, policy: { feeBps: number; minFee: number }): number {
  return Math.max(policy.minFee, Math.ceil((amount * policy.feeBps) / 10_000));
}
