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
 * The words for stored values in traditional Chinese: one locale's part of the tables in `labels.ts`, which
 * the member app's texts in that locale import alone.
 */
export const billType: Record<BillType, string> = {
  deposit: '儲值',
  payment: '支付',
  refund: '退款',
  bid_deposit_freeze: '保證金凍結',
  bid_deposit_release: '保證金解凍',
  bid_deposit_forfeit: '保證金沒收',
  sale_proceeds: '拍賣所得',
  referral_reward: '推薦獎勵',
  withdraw_freeze: '提現凍結',
  withdraw_paid: '提現打款',
  withdraw_reject: '提現駁回',
  adjustment: '調整',
  recharge: '線上儲值',
  claim_refund: '保障退款',
};

export const orderStatus: Record<OrderStatus, string> = { pending: '待支付', paid: '已支付', cancelled: '已取消' };

export const orderSource: Record<OrderSource, string> = { mall: '商城', auction: '拍賣' };

export const holdingStatus: Record<HoldingStatus, string> = {
  held: '保管中',
  delegated: '寄拍中',
  picking: '提貨中',
  shipped: '已發貨',
  received: '已簽收',
};

export const lotStatus: Record<LotStatus, string> = {
  upcoming: '即將開拍',
  live: '拍賣中',
  ended: '已截拍',
  sold: '已成交',
  unsold: '流拍',
  withdrawn: '已撤拍',
};

export const lotConsole: Record<LotStatus, string> = {
  upcoming: '未開始',
  live: '競拍中',
  ended: '已截拍，結算中',
  sold: '已成交',
  unsold: '流拍',
  withdrawn: '已撤拍',
};

export const sessionPhase: Record<SessionPhase, string> = { upcoming: '未開始', started: '已開拍' };

export const pickStatus: Record<PickStatus, string> = { pending: '待發貨', shipped: '已發貨', received: '已簽收' };

export const delegationStatus: Record<DelegationStatus, string> = {
  pending: '待審核',
  listed: '拍賣中',
  sold: '已成交',
  unsold: '流拍',
  rejected: '已駁回',
  cancelled: '已撤回',
};

export const delegationReview: Record<DelegationStatus, string> = {
  pending: '待審核',
  listed: '已上拍',
  sold: '已成交',
  unsold: '流拍',
  rejected: '已駁回',
  cancelled: '會員已撤回',
};

export const holdingSource: Record<HoldingSource, string> = {
  mall: '商城購入',
  auction: '拍賣競得',
  house: '平台藏品',
};

export const realNameStatus: Record<RealNameStatus, string> = {
  none: '未實名',
  pending: '審核中',
  verified: '已實名',
  rejected: '認證未通過',
};

export const realNameReview: Record<RealNameStatus, string> = {
  none: '未提交',
  pending: '待審核',
  verified: '已通過',
  rejected: '已駁回',
};

export const operatorRole: Record<OperatorRole, string> = {
  admin: '超級管理員',
  operator: '營運',
  finance: '財務',
  support: '客服',
};

export const cancelReason: Record<OrderCancelReason, string> = {
  PAYMENT_TIMEOUT: '逾時未支付',
  MEMBER_CANCELLED: '主動取消',
};

export const withdrawalStatus: Record<WithdrawalStatus, string> = {
  pending: '待審核',
  approved: '待打款',
  paid: '已打款',
  rejected: '已駁回',
};

export const withdrawalMethod: Record<WithdrawalMethod, string> = { bank: '銀行卡', alipay: '支付寶' };

export const rechargeChannel: Record<RechargeChannel, string> = { alipay: '支付寶', wechat: '微信支付' };

export const rechargeStatus: Record<RechargeStatus, string> = { pending: '待支付', paid: '已到帳', closed: '已關閉' };

export const billMemo: Record<BillMemoCode, string> = {
  ORDER_PAYMENT: '訂單 {orderNo}',
  REFERRAL_REWARD: '邀請會員訂單 {orderNo}',
  DEMO_DEPOSIT: '銀行轉帳入帳（示範資料）',
  LOT_DEPOSIT: '拍品 {lotId}「{title}」保證金',
  SALE_PROCEEDS: '委託拍品 {lotId}「{title}」成交，扣除佣金後所得',
  WITHDRAW_REQUEST: '提現申請（實際到帳 ¥{actual}，手續費 ¥{fee}）',
  WITHDRAW_REJECTED: '提現被拒絕，退回：{reason}',
  WITHDRAW_PAID: '提現已打款',
  BANK_DEPOSIT: '銀行轉帳入帳',
  RECHARGE_ALIPAY: '支付寶儲值 {no}',
  RECHARGE_WECHAT: '微信支付儲值 {no}',
  CLAIM_REFUND: '保障申請 {claimId}「{title}」退款',
};

export const sms: Record<SmsTemplateCode, string> = {
  CODE_REGISTER: '驗證碼 {code}，用於註冊，{minutes}分鐘內有效。如非本人操作，請忽略本簡訊。',
  CODE_PASSWORD: '驗證碼 {code}，用於修改登入密碼，{minutes}分鐘內有效。如非本人操作，請忽略本簡訊。',
  CODE_TRADE: '驗證碼 {code}，用於設定交易密碼，{minutes}分鐘內有效。如非本人操作，請忽略本簡訊。',
  ACCOUNT_EXISTS:
    '您的手機號已註冊拾古拍賣帳戶，無需再次註冊，請直接登入；如忘記密碼，可在登入頁點擊「忘記密碼」，用簡訊驗證碼重設。如非本人操作，請忽略本簡訊。',
  OUTBID: '您在「{title}」的出價已被超過，當前價{price}，可在拍賣頁面加價。',
  LOT_WON: '恭喜您以{price}競得「{title}」，請於{due}（北京時間）前付款，逾期訂單取消、保證金不退。',
  PAYMENT_DUE: '您競得的「{title}」尚未付款，請盡快完成支付，逾期訂單取消、保證金不退。',
  PICK_SHIPPED: '您的提貨（{title}）已發貨，{carrier}運單號{trackingNo}，請留意查收。',
  PICK_SHIPPED_MANY: '您的提貨（{title} 等{count}件）已發貨，{carrier}運單號{trackingNo}，請留意查收。',
};
