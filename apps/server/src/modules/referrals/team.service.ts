import type { Page, TeamInfo, TeamMember } from '@antique/shared';
import { invalidField } from '../../lib/domain-error.js';
import type { MembersService } from '../members/members.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

/** The member app's register page, where an invite link lands with its code (`?inviteCode=`). */
export const REGISTER_ROUTE = '/#/pages/register/register';

/** The invite link of a code on the member app at `base` (the configured public URL, else the request's origin). */
export function inviteUrlOf(base: string, inviteCode: string): string {
  return `${base.replace(/\/+$/, '')}${REGISTER_ROUTE}?inviteCode=${encodeURIComponent(inviteCode)}`;
}

/** A host a request may name: a domain or an address, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The request's origin for an invite link when no public URL is configured (development:
 * production requires PUBLIC_URL). Only a plain host and port pass; anything else in a Host
 * header is refused rather than put into a link.
 */
function checkedOrigin(origin: string): string {
  const m = /^(https?):\/\/(.+)$/.exec(origin);
  if (!m || !HOST.test(m[2]!)) throw invalidField('host');
  return origin;
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
        inviteUrl: inviteUrlOf(d.publicUrl ?? checkedOrigin(origin), summary.inviteCode),
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
