import type { ReconcileService } from '../modules/reconcile/reconcile.service.js';
import type { Job } from './scheduler.js';

/**
 * Finance's reconcile, run on its own every 15 minutes, so that the ledger-not-reconciling
 * alert reads a fresh result (`ledger_reconcile_ok`) without waiting for an operator to ask.
 * A house whose money does not add up fails the run: the error is logged and counted too.
 * Read-only, so instances running it together do no harm.
 */
export function ledgerReconcileJob(reconciliation: Pick<ReconcileService, 'reconcile'>, everyMs = 15 * 60_000): Job {
  return {
    name: 'ledger-reconcile',
    everyMs,
    run: async () => {
      const r = await reconciliation.reconcile();
      if (!r.ok) {
        throw new Error(
          `the ledger does not reconcile: ${r.mismatches.length} wallet(s) differ from their entries, ` +
            `${r.recharges.mismatches.length} top-up(s) not credited once`,
        );
      }
      return 0;
    },
  };
}
