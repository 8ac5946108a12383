import { walletApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import { FileReply, type Route } from '../../http/route.js';
import type { ExportsService } from '../../modules/exports/exports.service.js';
import type { ReconcileService } from '../../modules/reconcile/reconcile.service.js';
import type { WalletService } from '../../modules/wallet/wallet.service.js';

/** The ledger, offline deposits and reconciliation. */
export function adminWalletRoutes(
  app: FastifyInstance,
  {
    route,
    wallet,
    exports,
    reconciliation,
  }: { route: Route; wallet: WalletService; exports: ExportsService; reconciliation: ReconcileService },
) {
  route(app, walletApi.adminLedger, ({ input }) => wallet.ledger(input));
  route(app, walletApi.adminReconcile, () => reconciliation.reconcile());
  route(app, walletApi.adminDeposit, ({ actor, requestKey, input: { id, ...input } }) =>
    wallet.deposit(actor, id, { ...input, ...(requestKey ? { requestKey } : {}) }),
  );
  route(app, walletApi.adminExportBills, async ({ input }) => FileReply.csv(await exports.bills(input)));
}
