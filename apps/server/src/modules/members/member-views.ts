import {
  maskIdNumber,
  maskName,
  maskPhone,
  vipLevelFor,
  type AdminMemberRow,
  type Member,
  type RealNameReviewRow,
} from '@antique/shared';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { MemberRow } from './members.repository.js';

/** Rows as the API shows them: masked, with the wallet's figures and the VIP level. */
export function createMemberViews(d: { wallet: WalletService; settings: SettingsService; uploads: UploadsService }) {
  async function toMember(row: MemberRow): Promise<Member> {
    const [w, thresholds] = await Promise.all([d.wallet.summary(row.id), d.settings.get('vipThresholds')]);
    return {
      id: row.id,
      phone: maskPhone(row.phone),
      nickname: row.nickname,
      avatar: row.avatar,
      vipLevel: vipLevelFor(row.totalPaid, thresholds),
      inviteCode: row.inviteCode,
      realNameStatus: row.realNameStatus,
      ...(row.realNameStatus === 'rejected' && row.realNameReason ? { realNameReason: row.realNameReason } : {}),
      ...(row.realName && row.realNameStatus !== 'none' ? { realName: maskName(row.realName) } : {}),
      hasTradePassword: row.tradePasswordHash !== null,
      balance: w.balance,
      frozen: w.frozen,
      createdAt: row.createdAt.getTime(),
    };
  }

  async function toAdminRow(row: MemberRow): Promise<AdminMemberRow> {
    const m = await toMember(row);
    return {
      id: row.id,
      phone: m.phone,
      nickname: row.nickname,
      avatar: row.avatar,
      vipLevel: m.vipLevel,
      inviteCode: row.inviteCode,
      inviterId: row.inviterId,
      realNameStatus: row.realNameStatus,
      ...(m.realName ? { realName: m.realName } : {}),
      frozen: row.frozen,
      frozenReason: row.frozenReason,
      balance: m.balance,
      frozenAmount: m.frozen,
      createdAt: row.createdAt.getTime(),
      lastLoginAt: row.lastLoginAt?.getTime() ?? null,
    };
  }

  /** The ID card photos as short-lived signed links (with a bucket, presigned GETs): never a lasting address. */
  async function toReviewRow(r: MemberRow): Promise<RealNameReviewRow> {
    const [frontImage, backImage] = await Promise.all(
      [r.idFrontKey, r.idBackKey].map((k) => (k ? d.uploads.readUrl(k) : Promise.resolve(''))),
    );
    return {
      memberId: r.id,
      phone: maskPhone(r.phone),
      realName: r.realName ? maskName(r.realName) : '',
      idNumber: r.idNumber ? maskIdNumber(r.idNumber) : '',
      frontImage: frontImage!,
      backImage: backImage!,
      status: r.realNameStatus,
      reason: r.realNameReason,
      submittedAt: r.realNameSubmittedAt?.getTime() ?? null,
      reviewedAt: r.realNameReviewedAt?.getTime() ?? null,
    };
  }

  return { toMember, toAdminRow, toReviewRow };
}
export type MemberViews = ReturnType<typeof createMemberViews>;
