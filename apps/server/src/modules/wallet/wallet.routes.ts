import { walletApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { WalletService } from './wallet.service.js';

export function walletRoutes(app: FastifyInstance, { route, wallet }: { route: Route; wallet: WalletService }) {
  route(app, walletApi.bills, ({ memberId, input }) => wallet.memberBills(memberId, input));
}
