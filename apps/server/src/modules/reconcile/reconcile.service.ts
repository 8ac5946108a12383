import type { ReconcileOutput } from '@antique/shared';
import type { PaymentsService } from '../payments/payments.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

/**
 * Finance's proof that the money adds up, read from its owners (no tables of its own): every
 * wallet equals its ledger entries (wallet), and every paid online top-up (payments) is
 * credited exactly once, for its amount, to its member — and nothing is credited as a top-up
 * without one.
 */
export function createReconcileService(d: {
  wallet: Pick<WalletService, 'reconcile' | 'rechargeCredits'>;
  payments: Pick<PaymentsService, 'paid'>;
}) {
  return {
    async reconcile(): Promise<ReconcileOutput> {
      const [wallets, paid, credits] = await Promise.all([
        d.wallet.reconcile(),
        d.payments.paid(),
        d.wallet.rechargeCredits(),
      ]);
      const creditOf = new Map(credits.map((c) => [c.refId, c]));
      const mismatches: ReconcileOutput['recharges']['mismatches'] = [];
      for (const r of paid) {
        const c = creditOf.get(r.id);
        creditOf.delete(r.id);
        const right =
          c !== undefined && c.entries === 1 && c.members === 1 && c.memberId === r.memberId && c.amount === r.amount;
        if (!right) {
          mismatches.push({
            rechargeId: r.id,
            no: r.no,
            memberId: r.memberId,
            amount: r.amount,
            credited: c?.amount ?? 0,
            entries: c?.entries ?? 0,
          });
        }
      }
      // Credits left over refer to no paid recharge.
      for (const c of creditOf.values()) {
        mismatches.push({
          rechargeId: c.refId,
          no: null,
          memberId: c.memberId,
          amount: 0,
          credited: c.amount,
          entries: c.entries,
        });
      }
      return {
        ...wallets,
        ok: wallets.ok && mismatches.length === 0,
        recharges: { paid: paid.length, mismatches },
      };
    },
  };
}
export type ReconcileService = ReturnType<typeof createReconcileService>;
