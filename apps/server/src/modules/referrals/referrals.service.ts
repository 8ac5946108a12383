import type { Tx } from '../../db/client.js';
import type { MembersService } from '../members/members.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

/**
 * One level of referral reward: a rate (0 by default, at most 1%) of each paid order of a
 * member's direct invitee, credited to the inviter. The inviter is on the member; the
 * reward is a wallet movement. No table of its own.
 */
export function createReferralsService(d: {
  settings: SettingsService;
  members: MembersService;
  wallet: WalletService;
}) {
  return {
    /** In the payment's transaction: credits the buyer's inviter, if any and if the rate is on. */
    async reward(tx: Tx, paid: { buyerId: number; orderId: number; orderNo: string; amount: number }) {
      const rateBps = await d.settings.get('referralRateBps');
      const reward = Math.floor((paid.amount * rateBps) / 10_000);
      if (reward <= 0) return;
      const inviterId = await d.members.inviterOf(paid.buyerId, tx);
      if (!inviterId) return;
      await d.wallet.move(tx, {
        memberId: inviterId,
        type: 'referral_reward',
        amount: reward,
        memo: { code: 'REFERRAL_REWARD', params: { orderNo: paid.orderNo } },
        refType: 'order',
        refId: paid.orderId,
      });
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
