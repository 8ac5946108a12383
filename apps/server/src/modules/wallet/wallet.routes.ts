import { walletApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { RechargeService } from './recharge.service.js';
import type { WalletService } from './wallet.service.js';

export function walletRoutes(
  app: FastifyInstance,
  { route, wallet, recharge }: { route: Route; wallet: WalletService; recharge: RechargeService },
) {
  route(app, walletApi.bills, ({ memberId, input }) => wallet.memberBills(memberId, input));
  route(app, walletApi.rechargeConfig, () => recharge.config());
}
