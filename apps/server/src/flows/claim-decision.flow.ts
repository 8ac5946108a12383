import type { AdminClaimDetail, ClaimDecision } from '@antique/shared';
import type { Db } from '../db/client.js';
import type { Actor, AuditService } from '../modules/audit/audit.service.js';
import type { ClaimsService } from '../modules/custody/claims.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';

/**
 * An operator decides a guarantee claim (PRODUCT.md, "The house's guarantee"), once, in one
 * transaction under the claim's lock: accepted, what the buyer paid for the piece goes back
 * to their wallet through the ledger (`claim_refund`), the piece goes back to the house
 * (custody, its history records it) and the claim is accepted; rejected, only the claim
 * changes, with the reason. Audited. After the commit the member is told.
 */
export function createClaimDecisionFlow(d: {
  db: Db;
  claims: Pick<ClaimsService, 'lockPending' | 'markDecided' | 'returnToHouse' | 'adminDetail'>;
  wallet: Pick<WalletService, 'move'>;
  audit: Pick<AuditService, 'record'>;
  notices: Pick<NoticesService, 'notice' | 'send'>;
}) {
  return {
    async decide(actor: Actor, input: ClaimDecision): Promise<AdminClaimDetail> {
      const id = input.id;
      const decided = await d.db.transaction(async (tx) => {
        const claim = await d.claims.lockPending(tx, id);
        if (input.accept) {
          await d.claims.returnToHouse(tx, {
            holdingId: claim.holdingId,
            memberId: claim.memberId,
            claimId: claim.id,
            refund: claim.amount,
          });
          if (claim.amount > 0) {
            await d.wallet.move(tx, {
              memberId: claim.memberId,
              type: 'claim_refund',
              amount: claim.amount,
              refType: 'claim',
              refId: claim.id,
              memo: { code: 'CLAIM_REFUND', params: { title: claim.title, claimId: String(claim.id) } },
              ...(actor ? { operatorId: actor.operatorId } : {}),
            });
          }
        }
        const row = await d.claims.markDecided(tx, id, {
          accept: input.accept,
          reason: input.reason,
          operatorId: actor?.operatorId ?? null,
        });
        await d.audit.record(tx, actor, {
          action: input.accept ? 'claim.accept' : 'claim.reject',
          targetType: 'claim',
          targetId: id,
          before: { status: claim.status },
          after: {
            status: row.status,
            reason: input.reason,
            ...(input.accept ? { refund: claim.amount, holdingId: claim.holdingId } : {}),
          },
        });
        return { memberId: claim.memberId, title: claim.title };
      });
      await d.notices
        .send(
          decided.memberId,
          d.notices.notice({
            kind: input.accept ? 'claim_accepted' : 'claim_rejected',
            claimId: id,
            title: decided.title,
          }),
        )
        .catch(() => undefined);
      return d.claims.adminDetail(id);
    },
  };
}
export type ClaimDecisionFlow = ReturnType<typeof createClaimDecisionFlow>;
