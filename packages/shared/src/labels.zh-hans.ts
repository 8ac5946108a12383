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
 * The words for stored values in simplified Chinese: one locale's part of the tables in `labels.ts`, which
 * the member app's texts in that locale import alone.
 */
export const billType: Record<BillType, string> = {
  deposit: '充值',
  payment: '支付',
  refund: '退款',
  bid_deposit_freeze: '保证金冻结',
  bid_deposit_release: '保证金解冻',
  bid_deposit_forfeit: '保证金没收',
  sale_proceeds: '拍卖所得',
  referral_reward: '推荐奖励',
  withdraw_freeze: '提现冻结',
  withdraw_paid: '提现打款',
  withdraw_reject: '提现驳回',
  adjustment: '调整',
  recharge: '在线充值',
  claim_refund: '保障退款',
};

export const orderStatus: Record<OrderStatus, string> = { pending: '待支付', paid: '已支付', cancelled: '已取消' };

export const orderSource: Record<OrderSource, string> = { mall: '商城', auction: '拍卖' };

export const holdingStatus: Record<HoldingStatus, string> = {
  held: '保管中',
  delegated: '寄拍中',
  picking: '提货中',
  shipped: '已发货',
  received: '已签收',
};

export const lotStatus: Record<LotStatus, string> = {
  upcoming: '即将开拍',
  live: '拍卖中',
  ended: '已截拍',
  sold: '已成交',
  unsold: '流拍',
  withdrawn: '已撤拍',
};

export const lotConsole: Record<LotStatus, string> = {
  upcoming: '未开始',
  live: '竞拍中',
  ended: '已截拍，结算中',
  sold: '已成交',
  unsold: '流拍',
  withdrawn: '已撤拍',
};

export const sessionPhase: Record<SessionPhase, string> = { upcoming: '未开始', started: '已开拍' };

export const pickStatus: Record<PickStatus, string> = { pending: '待发货', shipped: '已发货', received: '已签收' };

export const delegationStatus: Record<DelegationStatus, string> = {
  pending: '待审核',
  listed: '拍卖中',
  sold: '已成交',
  unsold: '流拍',
  rejected: '已驳回',
  cancelled: '已撤回',
};

export const delegationReview: Record<DelegationStatus, string> = {
  pending: '待审核',
  listed: '已上拍',
  sold: '已成交',
  unsold: '流拍',
  rejected: '已驳回',
  cancelled: '会员已撤回',
};

export const holdingSource: Record<HoldingSource, string> = {
  mall: '商城购入',
  auction: '拍卖竞得',
  house: '平台藏品',
};

export const realNameStatus: Record<RealNameStatus, string> = {
  none: '未实名',
  pending: '审核中',
  verified: '已实名',
  rejected: '认证未通过',
};

export const realNameReview: Record<RealNameStatus, string> = {
  none: '未提交',
  pending: '待审核',
  verified: '已通过',
  rejected: '已驳回',
};

export const operatorRole: Record<OperatorRole, string> = {
  admin: '超级管理员',
  operator: '运营',
  finance: '财务',
  support: '客服',
};

export const cancelReason: Record<OrderCancelReason, string> = {
  PAYMENT_TIMEOUT: '超时未支付',
  MEMBER_CANCELLED: '主动取消',
};

export const withdrawalStatus: Record<WithdrawalStatus, string> = {
  pending: '待审核',
  approved: '待打款',
  paid: '已打款',
  rejected: '已驳回',
};

export const withdrawalMethod: Record<WithdrawalMethod, string> = { bank: '银行卡', alipay: '支付宝' };

export const rechargeChannel: Record<RechargeChannel, string> = { alipay: '支付宝', wechat: '微信支付' };

export const rechargeStatus: Record<RechargeStatus, string> = { pending: '待支付', paid: '已到账', closed: '已关闭' };

export const billMemo: Record<BillMemoCode, string> = {
  ORDER_PAYMENT: '订单 {orderNo}',
  REFERRAL_REWARD: '邀请会员订单 {orderNo}',
  DEMO_DEPOSIT: '银行转账入账（演示数据）',
  LOT_DEPOSIT: '拍品 {lotId}「{title}」保证金',
  SALE_PROCEEDS: '委托拍品 {lotId}「{title}」成交，扣除佣金后所得',
  WITHDRAW_REQUEST: '提现申请（实际到账 ¥{actual}，手续费 ¥{fee}）',
  WITHDRAW_REJECTED: '提现被拒绝，退回：{reason}',
  WITHDRAW_PAID: '提现已打款',
  BANK_DEPOSIT: '银行转账入账',
  RECHARGE_ALIPAY: '支付宝充值 {no}',
  RECHARGE_WECHAT: '微信支付充值 {no}',
  CLAIM_REFUND: '保障申请 {claimId}「{title}」退款',
};

export const sms: Record<SmsTemplateCode, string> = {
  CODE_REGISTER: '验证码 {code}，用于注册，{minutes}分钟内有效。如非本人操作，请忽略本短信。',
  CODE_PASSWORD: '验证码 {code}，用于修改登录密码，{minutes}分钟内有效。如非本人操作，请忽略本短信。',
  CODE_TRADE: '验证码 {code}，用于设置交易密码，{minutes}分钟内有效。如非本人操作，请忽略本短信。',
  ACCOUNT_EXISTS:
    '您的手机号已注册拾古拍卖账户，无需再次注册，请直接登录；如忘记密码，可在登录页点击“忘记密码”，用短信验证码重设。如非本人操作，请忽略本短信。',
  OUTBID: '您在「{title}」的出价已被超过，当前价{price}，可在拍卖页面加价。',
  LOT_WON: '恭喜您以{price}竞得「{title}」，请于{due}（北京时间）前付款，逾期订单取消、保证金不退。',
  PAYMENT_DUE: '您竞得的「{title}」尚未付款，请尽快完成支付，逾期订单取消、保证金不退。',
  PICK_SHIPPED: '您的提货（{title}）已发货，{carrier}运单号{trackingNo}，请留意查收。',
  PICK_SHIPPED_MANY: '您的提货（{title} 等{count}件）已发货，{carrier}运单号{trackingNo}，请留意查收。',
};
