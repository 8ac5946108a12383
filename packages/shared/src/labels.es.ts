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
 * The words for stored values in Spanish: one locale's part of the tables in `labels.ts`, which
 * the member app's texts in that locale import alone.
 */
export const billType: Record<BillType, string> = {
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
};

export const orderStatus: Record<OrderStatus, string> = {
  pending: 'Pendiente de pago',
  paid: 'Pagado',
  cancelled: 'Cancelado',
};

export const orderSource: Record<OrderSource, string> = { mall: 'Tienda', auction: 'Subasta' };

export const holdingStatus: Record<HoldingStatus, string> = {
  held: 'En custodia',
  delegated: 'Consignada',
  picking: 'Preparando',
  shipped: 'Enviada',
  received: 'Recibida',
};

export const lotStatus: Record<LotStatus, string> = {
  upcoming: 'Próxima',
  live: 'En curso',
  ended: 'Cerrada',
  sold: 'Adjudicada',
  unsold: 'Sin vender',
  withdrawn: 'Retirada',
};

export const lotConsole: Record<LotStatus, string> = {
  upcoming: 'Sin empezar',
  live: 'Pujas en curso',
  ended: 'Cerrada, en liquidación',
  sold: 'Adjudicada',
  unsold: 'Sin vender',
  withdrawn: 'Retirada',
};

export const sessionPhase: Record<SessionPhase, string> = { upcoming: 'Sin empezar', started: 'Empezada' };

export const pickStatus: Record<PickStatus, string> = {
  pending: 'Por enviar',
  shipped: 'Enviada',
  received: 'Recibida',
};

export const delegationStatus: Record<DelegationStatus, string> = {
  pending: 'En revisión',
  listed: 'En subasta',
  sold: 'Vendida',
  unsold: 'Sin vender',
  rejected: 'Rechazada',
  cancelled: 'Retirada',
};

export const delegationReview: Record<DelegationStatus, string> = {
  pending: 'Por revisar',
  listed: 'En subasta',
  sold: 'Vendida',
  unsold: 'Sin vender',
  rejected: 'Rechazada',
  cancelled: 'Retirada por el miembro',
};

export const holdingSource: Record<HoldingSource, string> = {
  mall: 'Comprada en la tienda',
  auction: 'Ganada en subasta',
  house: 'Pieza de la casa',
};

export const realNameStatus: Record<RealNameStatus, string> = {
  none: 'Sin verificar',
  pending: 'En revisión',
  verified: 'Verificado',
  rejected: 'Rechazado',
};

export const realNameReview: Record<RealNameStatus, string> = {
  none: 'No enviado',
  pending: 'Por revisar',
  verified: 'Aprobado',
  rejected: 'Rechazado',
};

export const operatorRole: Record<OperatorRole, string> = {
  admin: 'Superadministrador',
  operator: 'Operaciones',
  finance: 'Finanzas',
  support: 'Atención al cliente',
};

export const cancelReason: Record<OrderCancelReason, string> = {
  PAYMENT_TIMEOUT: 'No se pagó a tiempo',
  MEMBER_CANCELLED: 'Cancelado por usted',
};

export const withdrawalStatus: Record<WithdrawalStatus, string> = {
  pending: 'Por revisar',
  approved: 'Por pagar',
  paid: 'Pagado',
  rejected: 'Rechazado',
};

export const withdrawalMethod: Record<WithdrawalMethod, string> = { bank: 'Tarjeta bancaria', alipay: 'Alipay' };

export const rechargeChannel: Record<RechargeChannel, string> = { alipay: 'Alipay', wechat: 'WeChat Pay' };

export const rechargeStatus: Record<RechargeStatus, string> = {
  pending: 'Pendiente de pago',
  paid: 'Abonado',
  closed: 'Cerrado',
};

export const billMemo: Record<BillMemoCode, string> = {
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
};

export const sms: Record<SmsTemplateCode, string> = {
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
};
