import type { Page, TeamInfo, TeamMember } from '@antique/shared';
import type { MembersService } from '../members/members.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

/** The member app's register page, where an invite link lands with its code (`?inviteCode=`). */
export const REGISTER_ROUTE = '/#/pages/register/register';

/** The invite link of a code on the member app at `base` (the configured public URL, else the request's origin). */
export function inviteUrlOf(base: string, inviteCode: string): string {
  return `${base.replace(/\/+$/, '')}${REGISTER_ROUTE}?inviteCode=${encodeURIComponent(inviteCode)}`;
}

/**
 * A member's team: the members who registered with their invite code (one level, there is
 * no deeper one) and the referral rewards credited to them. The invite relation is the
 * members module's, the rewards are ledger entries of the wallet's; this reads both
 * through their services.
 */
export function createTeamService(d: {
  members: MembersService;
  wallet: WalletService;
  /** PUBLIC_URL, when the server is configured with one. */
  publicUrl?: string | undefined;
}) {
  return {
    /** `origin` is the request's, used when no public URL is configured. */
    async info(memberId: number, origin: string): Promise<TeamInfo> {
      const [summary, rewardTotal] = await Promise.all([
        d.members.inviteSummary(memberId),
        d.wallet.referralRewardTotal(memberId),
      ]);
      return {
        inviteCode: summary.inviteCode,
        inviteUrl: inviteUrlOf(d.publicUrl ?? origin, summary.inviteCode),
        directCount: summary.directCount,
        rewardTotal,
      };
    },

    list(memberId: number, q: { page: number; pageSize: number }): Promise<Page<TeamMember>> {
      return d.members.invitees(memberId, q);
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
