import type { RealNameStatus } from './accounts.schema.js';
import type { LotStatus } from './auctions.schema.js';
import type { DelegationStatus, HoldingSource, HoldingStatus, PickStatus } from './custody.schema.js';
import type { OperatorRole } from './operators.schema.js';
import type { OrderCancelReason, OrderSource, OrderStatus } from './orders.schema.js';
import type { RechargeStatus } from './payments.schema.js';
import type { BillMemoCode, BillType, RechargeChannel } from './wallet.schema.js';
import type { SmsTemplateCode } from './verification.schema.js';
import type { WithdrawalMethod, WithdrawalStatus } from './withdrawals.schema.js';
import type { SessionPhase } from './labels.js';

/**
 * The words for stored values in English: one locale's part of the tables in `labels.ts`, which
 * the member app's texts in that locale import alone.
 */
export const billType: Record<BillType, string> = {
  deposit: 'Top-up',
  payment: 'Payment',
  refund: 'Refund',
  bid_deposit_freeze: 'Bid deposit held',
  bid_deposit_release: 'Bid deposit released',
  bid_deposit_forfeit: 'Bid deposit forfeited',
  sale_proceeds: 'Sale proceeds',
  referral_reward: 'Referral reward',
  withdraw_freeze: 'Withdrawal held',
  withdraw_paid: 'Withdrawal paid',
  withdraw_reject: 'Withdrawal rejected',
  adjustment: 'Adjustment',
  recharge: 'Online top-up',
  claim_refund: 'Guarantee refund',
};

export const orderStatus: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const orderSource: Record<OrderSource, string> = { mall: 'Mall', auction: 'Auction' };

export const holdingStatus: Record<HoldingStatus, string> = {
  held: 'In custody',
  delegated: 'Consigned',
  picking: 'Preparing',
  shipped: 'Shipped',
  received: 'Received',
};

export const lotStatus: Record<LotStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  ended: 'Closed',
  sold: 'Sold',
  unsold: 'Unsold',
  withdrawn: 'Withdrawn',
};

export const lotConsole: Record<LotStatus, string> = {
  upcoming: 'Not started',
  live: 'Bidding',
  ended: 'Closed, settling',
  sold: 'Sold',
  unsold: 'Unsold',
  withdrawn: 'Withdrawn',
};

export const sessionPhase: Record<SessionPhase, string> = { upcoming: 'Not started', started: 'Started' };

export const pickStatus: Record<PickStatus, string> = { pending: 'To ship', shipped: 'Shipped', received: 'Received' };

export const delegationStatus: Record<DelegationStatus, string> = {
  pending: 'In review',
  listed: 'Listed',
  sold: 'Sold',
  unsold: 'Unsold',
  rejected: 'Rejected',
  cancelled: 'Withdrawn',
};

export const delegationReview: Record<DelegationStatus, string> = {
  pending: 'To review',
  listed: 'Listed',
  sold: 'Sold',
  unsold: 'Unsold',
  rejected: 'Rejected',
  cancelled: 'Withdrawn by the member',
};

export const holdingSource: Record<HoldingSource, string> = {
  mall: 'Bought in the mall',
  auction: 'Won at auction',
  house: 'House piece',
};

export const realNameStatus: Record<RealNameStatus, string> = {
  none: 'Not verified',
  pending: 'Under review',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const realNameReview: Record<RealNameStatus, string> = {
  none: 'Not submitted',
  pending: 'To review',
  verified: 'Approved',
  rejected: 'Rejected',
};

export const operatorRole: Record<OperatorRole, string> = {
  admin: 'Super administrator',
  operator: 'Operations',
  finance: 'Finance',
  support: 'Customer support',
};

export const cancelReason: Record<OrderCancelReason, string> = {
  PAYMENT_TIMEOUT: 'Not paid in time',
  MEMBER_CANCELLED: 'Cancelled by you',
};

export const withdrawalStatus: Record<WithdrawalStatus, string> = {
  pending: 'To review',
  approved: 'To pay',
  paid: 'Paid',
  rejected: 'Rejected',
};

export const withdrawalMethod: Record<WithdrawalMethod, string> = { bank: 'Bank card', alipay: 'Alipay' };

export const rechargeChannel: Record<RechargeChannel, string> = { alipay: 'Alipay', wechat: 'WeChat Pay' };

export const rechargeStatus: Record<RechargeStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Credited',
  closed: 'Closed',
};

export const billMemo: Record<BillMemoCode, string> = {
  ORDER_PAYMENT: 'Order {orderNo}',
  REFERRAL_REWARD: 'Order {orderNo} of an invited member',
  DEMO_DEPOSIT: 'Bank transfer received (demo data)',
  LOT_DEPOSIT: 'Deposit for lot {lotId} “{title}”',
  SALE_PROCEEDS: 'Consigned lot {lotId} “{title}” sold, less commission',
  WITHDRAW_REQUEST: 'Withdrawal requested (¥{actual} to receive, fee ¥{fee})',
  WITHDRAW_REJECTED: 'Withdrawal rejected, returned: {reason}',
  WITHDRAW_PAID: 'Withdrawal paid out',
  BANK_DEPOSIT: 'Bank transfer received',
  RECHARGE_ALIPAY: 'Alipay top-up {no}',
  RECHARGE_WECHAT: 'WeChat Pay top-up {no}',
  CLAIM_REFUND: 'Refund of claim {claimId} “{title}”',
};

export const sms: Record<SmsTemplateCode, string> = {
  CODE_REGISTER:
    'Your code is {code}, to register; it is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  CODE_PASSWORD:
    'Your code is {code}, to change your login password; it is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  CODE_TRADE:
    'Your code is {code}, to set your trade password; it is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
  ACCOUNT_EXISTS:
    'Your phone number already has a Shigu Auctions account, so there is no need to register again: log in. If you forgot your password, tap “Forgot password” on the login page to reset it with an SMS code. If you did not ask for this, ignore this message.',
  OUTBID: 'Your bid on “{title}” has been outbid; the price is now {price}. Raise your bid on the auction page.',
  LOT_WON:
    'Congratulations: you won “{title}” at {price}. Please pay before {due} (Beijing time); an unpaid order is cancelled and its deposit kept.',
  PAYMENT_DUE:
    '“{title}”, which you won, is not paid yet. Please pay soon; an unpaid order is cancelled and its deposit kept.',
  PICK_SHIPPED: 'Your pick-up ({title}) has shipped with {carrier}, tracking number {trackingNo}.',
  PICK_SHIPPED_MANY:
    'Your pick-up ({title} and {count} pieces in all) has shipped with {carrier}, tracking number {trackingNo}.',
};
