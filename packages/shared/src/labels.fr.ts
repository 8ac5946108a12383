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
 * The words for stored values in French: one locale's part of the tables in `labels.ts`, which
 * the member app's texts in that locale import alone.
 */
export const billType: Record<BillType, string> = {
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
};

export const orderStatus: Record<OrderStatus, string> = {
  pending: 'En attente de paiement',
  paid: 'Payée',
  cancelled: 'Annulée',
};

export const orderSource: Record<OrderSource, string> = { mall: 'Boutique', auction: 'Enchères' };

export const holdingStatus: Record<HoldingStatus, string> = {
  held: 'Conservée',
  delegated: 'En dépôt-vente',
  picking: 'En préparation',
  shipped: 'Expédiée',
  received: 'Reçue',
};

export const lotStatus: Record<LotStatus, string> = {
  upcoming: 'À venir',
  live: 'En cours',
  ended: 'Close',
  sold: 'Adjugé',
  unsold: 'Invendu',
  withdrawn: 'Retiré',
};

export const lotConsole: Record<LotStatus, string> = {
  upcoming: 'Pas commencé',
  live: 'Enchères en cours',
  ended: 'Close, en règlement',
  sold: 'Adjugé',
  unsold: 'Invendu',
  withdrawn: 'Retiré',
};

export const sessionPhase: Record<SessionPhase, string> = { upcoming: 'Pas commencée', started: 'Commencée' };

export const pickStatus: Record<PickStatus, string> = { pending: 'À expédier', shipped: 'Expédiée', received: 'Reçue' };

export const delegationStatus: Record<DelegationStatus, string> = {
  pending: 'En examen',
  listed: 'En vente',
  sold: 'Vendue',
  unsold: 'Invendue',
  rejected: 'Refusée',
  cancelled: 'Retirée',
};

export const delegationReview: Record<DelegationStatus, string> = {
  pending: 'À examiner',
  listed: 'Mise en vente',
  sold: 'Vendue',
  unsold: 'Invendue',
  rejected: 'Refusée',
  cancelled: 'Retirée par le membre',
};

export const holdingSource: Record<HoldingSource, string> = {
  mall: 'Achetée en boutique',
  auction: 'Remportée aux enchères',
  house: 'Pièce de la maison',
};

export const realNameStatus: Record<RealNameStatus, string> = {
  none: 'Non vérifié',
  pending: 'En cours d’examen',
  verified: 'Vérifié',
  rejected: 'Refusé',
};

export const realNameReview: Record<RealNameStatus, string> = {
  none: 'Non soumis',
  pending: 'À examiner',
  verified: 'Approuvé',
  rejected: 'Refusé',
};

export const operatorRole: Record<OperatorRole, string> = {
  admin: 'Super-administrateur',
  operator: 'Exploitation',
  finance: 'Finance',
  support: 'Service client',
};

export const cancelReason: Record<OrderCancelReason, string> = {
  PAYMENT_TIMEOUT: 'Non payée à temps',
  MEMBER_CANCELLED: 'Annulée par vous',
};

export const withdrawalStatus: Record<WithdrawalStatus, string> = {
  pending: 'À examiner',
  approved: 'À verser',
  paid: 'Versé',
  rejected: 'Refusé',
};

export const withdrawalMethod: Record<WithdrawalMethod, string> = { bank: 'Carte bancaire', alipay: 'Alipay' };

export const rechargeChannel: Record<RechargeChannel, string> = { alipay: 'Alipay', wechat: 'WeChat Pay' };

export const rechargeStatus: Record<RechargeStatus, string> = {
  pending: 'En attente de paiement',
  paid: 'Crédité',
  closed: 'Fermé',
};

export const billMemo: Record<BillMemoCode, string> = {
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
};

export const sms: Record<SmsTemplateCode, string> = {
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
};
