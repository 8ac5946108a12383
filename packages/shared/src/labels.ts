import type { RealNameStatus } from './accounts.schema.js';
import type { LotStatus } from './auctions.schema.js';
import type { DelegationStatus, HoldingSource, HoldingStatus, PickStatus } from './custody.schema.js';
import type { OperatorRole } from './operators.schema.js';
import type { OrderCancelReason, OrderSource, OrderStatus } from './orders.schema.js';
import type { RechargeStatus } from './payments.schema.js';
import type { Bill, BillMemoCode, BillType, RechargeChannel } from './wallet.schema.js';
import type { SmsTemplateCode, SmsText } from './verification.schema.js';
import type { WithdrawalMethod, WithdrawalStatus } from './withdrawals.schema.js';

/*
 * The words for stored values, written once for the server's CSV, the member app and the
 * console. Templates use `{name}` for parameters.
 */

export const locales = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh-Hans';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

type Table<K extends string> = Record<Locale, Record<K, string>>;

export const billTypeLabels: Table<BillType> = {
  'zh-Hans': {
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
  },
  'zh-Hant': {
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
  },
  en: {
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
  },
  fr: {
    deposit: 'Alimentation',
    payment: 'Paiement',
    refund: 'Remboursement',
    bid_deposit_freeze: 'Caution d’enchère gelée',
    bid_deposit_release: 'Caution d’enchère libérée',
    bid_deposit_forfeit: 'Caution d’enchère perdue',
    sale_proceeds: 'Produit de vente',
    referral_reward: 'Prime de parrainage',
    withdraw_freeze: 'Retrait gelé',
    withdraw_paid: 'Retrait versé',
    withdraw_reject: 'Retrait refusé',
    adjustment: 'Ajustement',
    recharge: 'Alimentation en ligne',
    claim_refund: 'Remboursement de garantie',
  },
  es: {
    deposit: 'Recarga',
    payment: 'Pago',
    refund: 'Reembolso',
    bid_deposit_freeze: 'Depósito de puja retenido',
    bid_deposit_release: 'Depósito de puja liberado',
    bid_deposit_forfeit: 'Depósito de puja perdido',
    sale_proceeds: 'Producto de venta',
    referral_reward: 'Premio por invitación',
    withdraw_freeze: 'Retiro retenido',
    withdraw_paid: 'Retiro pagado',
    withdraw_reject: 'Retiro rechazado',
    adjustment: 'Ajuste',
    recharge: 'Recarga en línea',
    claim_refund: 'Reembolso de garantía',
  },
};

export const orderStatusLabels: Table<OrderStatus> = {
  'zh-Hans': { pending: '待支付', paid: '已支付', cancelled: '已取消' },
  'zh-Hant': { pending: '待支付', paid: '已支付', cancelled: '已取消' },
  en: { pending: 'Awaiting payment', paid: 'Paid', cancelled: 'Cancelled' },
  fr: { pending: 'En attente de paiement', paid: 'Payée', cancelled: 'Annulée' },
  es: { pending: 'Pendiente de pago', paid: 'Pagado', cancelled: 'Cancelado' },
};

export const orderSourceLabels: Table<OrderSource> = {
  'zh-Hans': { mall: '商城', auction: '拍卖' },
  'zh-Hant': { mall: '商城', auction: '拍賣' },
  en: { mall: 'Mall', auction: 'Auction' },
  fr: { mall: 'Boutique', auction: 'Enchères' },
  es: { mall: 'Tienda', auction: 'Subasta' },
};

export const holdingStatusLabels: Table<HoldingStatus> = {
  'zh-Hans': { held: '保管中', delegated: '寄拍中', picking: '提货中', shipped: '已发货', received: '已签收' },
  'zh-Hant': { held: '保管中', delegated: '寄拍中', picking: '提貨中', shipped: '已發貨', received: '已簽收' },
  en: { held: 'In custody', delegated: 'Consigned', picking: 'Preparing', shipped: 'Shipped', received: 'Received' },
  fr: {
    held: 'Conservée',
    delegated: 'En dépôt-vente',
    picking: 'En préparation',
    shipped: 'Expédiée',
    received: 'Reçue',
  },
  es: { held: 'En custodia', delegated: 'Consignada', picking: 'Preparando', shipped: 'Enviada', received: 'Recibida' },
};

/** A lot's status as the member reads it (its badge and page). */
export const lotStatusLabels: Table<LotStatus> = {
  'zh-Hans': {
    upcoming: '即将开拍',
    live: '拍卖中',
    ended: '已截拍',
    sold: '已成交',
    unsold: '流拍',
    withdrawn: '已撤拍',
  },
  'zh-Hant': {
    upcoming: '即將開拍',
    live: '拍賣中',
    ended: '已截拍',
    sold: '已成交',
    unsold: '流拍',
    withdrawn: '已撤拍',
  },
  en: { upcoming: 'Upcoming', live: 'Live', ended: 'Closed', sold: 'Sold', unsold: 'Unsold', withdrawn: 'Withdrawn' },
  fr: { upcoming: 'À venir', live: 'En cours', ended: 'Close', sold: 'Adjugé', unsold: 'Invendu', withdrawn: 'Retiré' },
  es: {
    upcoming: 'Próxima',
    live: 'En curso',
    ended: 'Cerrada',
    sold: 'Adjudicada',
    unsold: 'Sin vender',
    withdrawn: 'Retirada',
  },
};

/** The same status as operators read it (the console's lots and live monitor): `ended` is still to settle. */
export const lotConsoleLabels: Table<LotStatus> = {
  'zh-Hans': {
    upcoming: '未开始',
    live: '竞拍中',
    ended: '已截拍，结算中',
    sold: '已成交',
    unsold: '流拍',
    withdrawn: '已撤拍',
  },
  'zh-Hant': {
    upcoming: '未開始',
    live: '競拍中',
    ended: '已截拍，結算中',
    sold: '已成交',
    unsold: '流拍',
    withdrawn: '已撤拍',
  },
  en: {
    upcoming: 'Not started',
    live: 'Bidding',
    ended: 'Closed, settling',
    sold: 'Sold',
    unsold: 'Unsold',
    withdrawn: 'Withdrawn',
  },
  fr: {
    upcoming: 'Pas commencé',
    live: 'Enchères en cours',
    ended: 'Close, en règlement',
    sold: 'Adjugé',
    unsold: 'Invendu',
    withdrawn: 'Retiré',
  },
  es: {
    upcoming: 'Sin empezar',
    live: 'Pujas en curso',
    ended: 'Cerrada, en liquidación',
    sold: 'Adjudicada',
    unsold: 'Sin vender',
    withdrawn: 'Retirada',
  },
};

/**
 * Where a session stands by its start (sessions have no stored status): the console's
 * sessions list. `sessionPhaseOf` tells which.
 */
export const sessionPhases = ['upcoming', 'started'] as const;
export type SessionPhase = (typeof sessionPhases)[number];
export function sessionPhaseOf(startsAt: number, now: number): SessionPhase {
  return startsAt > now ? 'upcoming' : 'started';
}

export const sessionPhaseLabels: Table<SessionPhase> = {
  'zh-Hans': { upcoming: '未开始', started: '已开拍' },
  'zh-Hant': { upcoming: '未開始', started: '已開拍' },
  en: { upcoming: 'Not started', started: 'Started' },
  fr: { upcoming: 'Pas commencée', started: 'Commencée' },
  es: { upcoming: 'Sin empezar', started: 'Empezada' },
};

/** A pick-up's status (the console's shipping queue; members read their pieces' status instead). */
export const pickStatusLabels: Table<PickStatus> = {
  'zh-Hans': { pending: '待发货', shipped: '已发货', received: '已签收' },
  'zh-Hant': { pending: '待發貨', shipped: '已發貨', received: '已簽收' },
  en: { pending: 'To ship', shipped: 'Shipped', received: 'Received' },
  fr: { pending: 'À expédier', shipped: 'Expédiée', received: 'Reçue' },
  es: { pending: 'Por enviar', shipped: 'Enviada', received: 'Recibida' },
};

/** A consignment's status as the consigning member reads it. */
export const delegationStatusLabels: Table<DelegationStatus> = {
  'zh-Hans': {
    pending: '待审核',
    listed: '拍卖中',
    sold: '已成交',
    unsold: '流拍',
    rejected: '已驳回',
    cancelled: '已撤回',
  },
  'zh-Hant': {
    pending: '待審核',
    listed: '拍賣中',
    sold: '已成交',
    unsold: '流拍',
    rejected: '已駁回',
    cancelled: '已撤回',
  },
  en: {
    pending: 'In review',
    listed: 'Listed',
    sold: 'Sold',
    unsold: 'Unsold',
    rejected: 'Rejected',
    cancelled: 'Withdrawn',
  },
  fr: {
    pending: 'En examen',
    listed: 'En vente',
    sold: 'Vendue',
    unsold: 'Invendue',
    rejected: 'Refusée',
    cancelled: 'Retirée',
  },
  es: {
    pending: 'En revisión',
    listed: 'En subasta',
    sold: 'Vendida',
    unsold: 'Sin vender',
    rejected: 'Rechazada',
    cancelled: 'Retirada',
  },
};

/** The same status as the reviewing operator reads it (the console's consignment queue). */
export const delegationReviewLabels: Table<DelegationStatus> = {
  'zh-Hans': {
    pending: '待审核',
    listed: '已上拍',
    sold: '已成交',
    unsold: '流拍',
    rejected: '已驳回',
    cancelled: '会员已撤回',
  },
  'zh-Hant': {
    pending: '待審核',
    listed: '已上拍',
    sold: '已成交',
    unsold: '流拍',
    rejected: '已駁回',
    cancelled: '會員已撤回',
  },
  en: {
    pending: 'To review',
    listed: 'Listed',
    sold: 'Sold',
    unsold: 'Unsold',
    rejected: 'Rejected',
    cancelled: 'Withdrawn by the member',
  },
  fr: {
    pending: 'À examiner',
    listed: 'Mise en vente',
    sold: 'Vendue',
    unsold: 'Invendue',
    rejected: 'Refusée',
    cancelled: 'Retirée par le membre',
  },
  es: {
    pending: 'Por revisar',
    listed: 'En subasta',
    sold: 'Vendida',
    unsold: 'Sin vender',
    rejected: 'Rechazada',
    cancelled: 'Retirada por el miembro',
  },
};

export const holdingSourceLabels: Table<HoldingSource> = {
  'zh-Hans': { mall: '商城购入', auction: '拍卖竞得', house: '平台藏品' },
  'zh-Hant': { mall: '商城購入', auction: '拍賣競得', house: '平台藏品' },
  en: { mall: 'Bought in the mall', auction: 'Won at auction', house: 'House piece' },
  fr: { mall: 'Achetée en boutique', auction: 'Remportée aux enchères', house: 'Pièce de la maison' },
  es: { mall: 'Comprada en la tienda', auction: 'Ganada en subasta', house: 'Pieza de la casa' },
};

/** A member's real-name status as the member reads it. */
export const realNameStatusLabels: Table<RealNameStatus> = {
  'zh-Hans': { none: '未实名', pending: '审核中', verified: '已实名', rejected: '认证未通过' },
  'zh-Hant': { none: '未實名', pending: '審核中', verified: '已實名', rejected: '認證未通過' },
  en: { none: 'Not verified', pending: 'Under review', verified: 'Verified', rejected: 'Rejected' },
  fr: { none: 'Non vérifié', pending: 'En cours d’examen', verified: 'Vérifié', rejected: 'Refusé' },
  es: { none: 'Sin verificar', pending: 'En revisión', verified: 'Verificado', rejected: 'Rechazado' },
};

/** The same status as the reviewing operator reads it (the console's queue). */
export const realNameReviewLabels: Table<RealNameStatus> = {
  'zh-Hans': { none: '未提交', pending: '待审核', verified: '已通过', rejected: '已驳回' },
  'zh-Hant': { none: '未提交', pending: '待審核', verified: '已通過', rejected: '已駁回' },
  en: { none: 'Not submitted', pending: 'To review', verified: 'Approved', rejected: 'Rejected' },
  fr: { none: 'Non soumis', pending: 'À examiner', verified: 'Approuvé', rejected: 'Refusé' },
  es: { none: 'No enviado', pending: 'Por revisar', verified: 'Aprobado', rejected: 'Rechazado' },
};

export const operatorRoleLabels: Table<OperatorRole> = {
  'zh-Hans': { admin: '超级管理员', operator: '运营', finance: '财务', support: '客服' },
  'zh-Hant': { admin: '超級管理員', operator: '營運', finance: '財務', support: '客服' },
  en: { admin: 'Super administrator', operator: 'Operations', finance: 'Finance', support: 'Customer support' },
  fr: { admin: 'Super-administrateur', operator: 'Exploitation', finance: 'Finance', support: 'Service client' },
  es: { admin: 'Superadministrador', operator: 'Operaciones', finance: 'Finanzas', support: 'Atención al cliente' },
};

export const cancelReasonLabels: Table<OrderCancelReason> = {
  'zh-Hans': { PAYMENT_TIMEOUT: '超时未支付', MEMBER_CANCELLED: '主动取消' },
  'zh-Hant': { PAYMENT_TIMEOUT: '逾時未支付', MEMBER_CANCELLED: '主動取消' },
  en: { PAYMENT_TIMEOUT: 'Not paid in time', MEMBER_CANCELLED: 'Cancelled by you' },
  fr: { PAYMENT_TIMEOUT: 'Non payée à temps', MEMBER_CANCELLED: 'Annulée par vous' },
  es: { PAYMENT_TIMEOUT: 'No se pagó a tiempo', MEMBER_CANCELLED: 'Cancelado por usted' },
};

/** A withdrawal's status as finance reads it (the console's queue and the CSV export). */
export const withdrawalStatusLabels: Table<WithdrawalStatus> = {
  'zh-Hans': { pending: '待审核', approved: '待打款', paid: '已打款', rejected: '已驳回' },
  'zh-Hant': { pending: '待審核', approved: '待打款', paid: '已打款', rejected: '已駁回' },
  en: { pending: 'To review', approved: 'To pay', paid: 'Paid', rejected: 'Rejected' },
  fr: { pending: 'À examiner', approved: 'À verser', paid: 'Versé', rejected: 'Refusé' },
  es: { pending: 'Por revisar', approved: 'Por pagar', paid: 'Pagado', rejected: 'Rechazado' },
};

/** Where a withdrawal is paid to. */
export const withdrawalMethodLabels: Table<WithdrawalMethod> = {
  'zh-Hans': { bank: '银行卡', alipay: '支付宝' },
  'zh-Hant': { bank: '銀行卡', alipay: '支付寶' },
  en: { bank: 'Bank card', alipay: 'Alipay' },
  fr: { bank: 'Carte bancaire', alipay: 'Alipay' },
  es: { bank: 'Tarjeta bancaria', alipay: 'Alipay' },
};

/** An online top-up's channel. */
export const rechargeChannelLabels: Table<RechargeChannel> = {
  'zh-Hans': { alipay: '支付宝', wechat: '微信支付' },
  'zh-Hant': { alipay: '支付寶', wechat: '微信支付' },
  en: { alipay: 'Alipay', wechat: 'WeChat Pay' },
  fr: { alipay: 'Alipay', wechat: 'WeChat Pay' },
  es: { alipay: 'Alipay', wechat: 'WeChat Pay' },
};

/** An online top-up's status. */
export const rechargeStatusLabels: Table<RechargeStatus> = {
  'zh-Hans': { pending: '待支付', paid: '已到账', closed: '已关闭' },
  'zh-Hant': { pending: '待支付', paid: '已到帳', closed: '已關閉' },
  en: { pending: 'Awaiting payment', paid: 'Credited', closed: 'Closed' },
  fr: { pending: 'En attente de paiement', paid: 'Crédité', closed: 'Fermé' },
  es: { pending: 'Pendiente de pago', paid: 'Abonado', closed: 'Cerrado' },
};

/** Templates of the memos the server writes on ledger entries (`{orderNo}` is a parameter). */
export const billMemoTemplates: Table<BillMemoCode> = {
  'zh-Hans': {
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
  },
  'zh-Hant': {
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
  },
  en: {
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
  },
  fr: {
    ORDER_PAYMENT: 'Commande {orderNo}',
    REFERRAL_REWARD: 'Commande {orderNo} d’un membre invité',
    DEMO_DEPOSIT: 'Virement bancaire reçu (données de démonstration)',
    LOT_DEPOSIT: 'Caution du lot {lotId} « {title} »',
    SALE_PROCEEDS: 'Lot en dépôt {lotId} « {title} » vendu, commission déduite',
    WITHDRAW_REQUEST: 'Demande de retrait (¥{actual} à recevoir, frais ¥{fee})',
    WITHDRAW_REJECTED: 'Retrait refusé, restitué : {reason}',
    WITHDRAW_PAID: 'Retrait versé',
    BANK_DEPOSIT: 'Virement bancaire reçu',
    RECHARGE_ALIPAY: 'Alimentation par Alipay {no}',
    RECHARGE_WECHAT: 'Alimentation par WeChat Pay {no}',
    CLAIM_REFUND: 'Remboursement de la réclamation {claimId} « {title} »',
  },
  es: {
    ORDER_PAYMENT: 'Pedido {orderNo}',
    REFERRAL_REWARD: 'Pedido {orderNo} de un miembro invitado',
    DEMO_DEPOSIT: 'Transferencia bancaria recibida (datos de demostración)',
    LOT_DEPOSIT: 'Depósito del lote {lotId} «{title}»',
    SALE_PROCEEDS: 'Lote en consignación {lotId} «{title}» vendido, comisión descontada',
    WITHDRAW_REQUEST: 'Solicitud de retiro (¥{actual} a recibir, comisión ¥{fee})',
    WITHDRAW_REJECTED: 'Retiro rechazado, devuelto: {reason}',
    WITHDRAW_PAID: 'Retiro pagado',
    BANK_DEPOSIT: 'Transferencia bancaria recibida',
    RECHARGE_ALIPAY: 'Recarga con Alipay {no}',
    RECHARGE_WECHAT: 'Recarga con WeChat Pay {no}',
    CLAIM_REFUND: 'Reembolso de la reclamación {claimId} «{title}»',
  },
};

/**
 * Templates of the text messages the server sends (`SmsTemplateCode`; `{title}` is a
 * parameter), without the signature: a provider adds its approved signature itself.
 */
export const smsTemplates: Table<SmsTemplateCode> = {
  'zh-Hans': {
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
  },
  'zh-Hant': {
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
  },
  en: {
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
  },
  fr: {
    CODE_REGISTER:
      'Votre code est {code}, pour l’inscription ; il est valable {minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message.',
    CODE_PASSWORD:
      'Votre code est {code}, pour changer votre mot de passe de connexion ; il est valable {minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message.',
    CODE_TRADE:
      'Votre code est {code}, pour définir votre mot de passe de transaction ; il est valable {minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message.',
    ACCOUNT_EXISTS:
      'Votre numéro a déjà un compte Enchères Shigu : inutile de vous inscrire de nouveau, connectez-vous. Mot de passe oublié ? Touchez « Mot de passe oublié » sur la page de connexion pour le réinitialiser avec un code SMS. Si vous n’avez rien demandé, ignorez ce message.',
    OUTBID:
      'Votre enchère sur « {title} » a été dépassée ; le prix est maintenant de {price}. Surenchérissez sur la page de la vente.',
    LOT_WON:
      'Félicitations : vous avez remporté « {title} » pour {price}. Payez avant le {due} (heure de Pékin) ; une commande impayée est annulée et sa caution conservée.',
    PAYMENT_DUE:
      '« {title} », que vous avez remporté, n’est pas encore payé. Payez rapidement ; une commande impayée est annulée et sa caution conservée.',
    PICK_SHIPPED: 'Votre retrait ({title}) a été expédié par {carrier}, numéro de suivi {trackingNo}.',
    PICK_SHIPPED_MANY:
      'Votre retrait ({title} et {count} pièces en tout) a été expédié par {carrier}, numéro de suivi {trackingNo}.',
  },
  es: {
    CODE_REGISTER:
      'Su código es {code}, para registrarse; es válido durante {minutes} minutos. Si no lo solicitó, ignore este mensaje.',
    CODE_PASSWORD:
      'Su código es {code}, para cambiar su contraseña de acceso; es válido durante {minutes} minutos. Si no lo solicitó, ignore este mensaje.',
    CODE_TRADE:
      'Su código es {code}, para establecer su contraseña de operaciones; es válido durante {minutes} minutos. Si no lo solicitó, ignore este mensaje.',
    ACCOUNT_EXISTS:
      'Su número ya tiene una cuenta de Subastas Shigu: no hace falta registrarse de nuevo, inicie sesión. Si olvidó su contraseña, toque «Olvidé mi contraseña» en la página de acceso para restablecerla con un código SMS. Si no lo solicitó, ignore este mensaje.',
    OUTBID:
      'Su puja por «{title}» ha sido superada; el precio actual es {price}. Suba su puja en la página de la subasta.',
    LOT_WON:
      'Enhorabuena: ha ganado «{title}» por {price}. Pague antes del {due} (hora de Pekín); un pedido sin pagar se cancela y se pierde el depósito.',
    PAYMENT_DUE:
      '«{title}», que usted ganó, aún no está pagado. Pague pronto; un pedido sin pagar se cancela y se pierde el depósito.',
    PICK_SHIPPED: 'Su retirada ({title}) se ha enviado con {carrier}, número de seguimiento {trackingNo}.',
    PICK_SHIPPED_MANY:
      'Su retirada ({title} y {count} piezas en total) se ha enviado con {carrier}, número de seguimiento {trackingNo}.',
  },
};

/** The house's name as a text's signature (`【拾古拍卖】`), by locale. */
export const smsSignatures: Record<Locale, string> = {
  'zh-Hans': '拾古拍卖',
  'zh-Hant': '拾古拍賣',
  en: 'Shigu Auctions',
  fr: 'Enchères Shigu',
  es: 'Subastas Shigu',
};

/** A text message as the member reads it: the signature, then the filled template. */
export function smsTextOf(sms: SmsText, locale: Locale = defaultLocale): string {
  return `【${smsSignatures[locale]}】${fillTemplate(smsTemplates[locale][sms.template], sms.params)}`;
}

/** Every table, by the kind of value it names. */
export const labels = {
  billType: billTypeLabels,
  orderStatus: orderStatusLabels,
  orderSource: orderSourceLabels,
  holdingStatus: holdingStatusLabels,
  holdingSource: holdingSourceLabels,
  lotStatus: lotStatusLabels,
  lotConsole: lotConsoleLabels,
  sessionPhase: sessionPhaseLabels,
  pickStatus: pickStatusLabels,
  delegationStatus: delegationStatusLabels,
  delegationReview: delegationReviewLabels,
  realNameStatus: realNameStatusLabels,
  realNameReview: realNameReviewLabels,
  operatorRole: operatorRoleLabels,
  cancelReason: cancelReasonLabels,
  withdrawalStatus: withdrawalStatusLabels,
  withdrawalMethod: withdrawalMethodLabels,
  rechargeChannel: rechargeChannelLabels,
  rechargeStatus: rechargeStatusLabels,
} as const;
export type LabelKind = keyof typeof labels;
export type LabelValue<K extends LabelKind> = keyof (typeof labels)[K][Locale] & string;

/** The label of a stored value; an unknown value (a newer server) shows as itself. */
export function labelOf<K extends LabelKind>(kind: K, value: LabelValue<K>, locale: Locale = defaultLocale): string {
  const table = labels[kind][locale] as Record<string, string | undefined>;
  return table[value] ?? value;
}

/** Fills `{name}` parameters; a missing one stays as written. */
export function fillTemplate(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The words for an order's cancel reason, or '' when there is none. */
export function cancelReasonText(reason: OrderCancelReason | undefined, locale: Locale = defaultLocale): string {
  if (!reason) return '';
  return (cancelReasonLabels[locale] as Record<string, string | undefined>)[reason] ?? reason;
}

/** The memo of a ledger entry: the translated code when the server wrote it, else the operator's remark. */
export function billMemoText(
  bill: Pick<Bill, 'remark'> & Partial<Pick<Bill, 'memoCode' | 'memoParams'>>,
  locale: Locale = defaultLocale,
): string {
  if (!bill.memoCode) return bill.remark;
  const template = (billMemoTemplates[locale] as Record<string, string | undefined>)[bill.memoCode];
  return template === undefined ? bill.remark : fillTemplate(template, bill.memoParams);
}
