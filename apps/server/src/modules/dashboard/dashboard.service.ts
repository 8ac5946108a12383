import type { Dashboard } from '@antique/shared';
import { chinaDay } from '../../lib/china-day.js';
import type { Clock } from '../../lib/clock.js';
import type { AuctionsService } from '../auctions/auctions.service.js';
import type { CustodyService } from '../custody/custody.service.js';
import type { MembersService } from '../members/members.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { WithdrawalsService } from '../withdrawals/withdrawals.service.js';

/**
 * The operators' landing page: each figure counted by the module that owns its table, for
 * the China day the server clock is in. No table of its own.
 */
export function createDashboardService(d: {
  clock: Clock;
  members: MembersService;
  orders: OrdersService;
  auctions: AuctionsService;
  custody: CustodyService;
  wallet: WalletService;
  withdrawals: WithdrawalsService;
}) {
  return {
    async get(): Promise<Dashboard> {
      const now = d.clock.now();
      const { date, start, end } = chinaDay(now);
      const [members, orders, lots, queues, deposits, withdrawals, online] = await Promise.all([
        d.members.dashboardFigures(start, end),
        d.orders.dashboardFigures(start, end),
        d.auctions.dashboardFigures(),
        d.custody.dashboardFigures(),
        d.wallet.depositsBetween(start, end),
        d.withdrawals.dashboardFigures(start, end),
        d.wallet.rechargesBetween(start, end),
      ]);
      return {
        day: date,
        generatedAt: now,
        members: { total: members.total, newToday: members.joined },
        verificationsPending: members.realNamePending,
        orders,
        lots,
        consignmentsPending: queues.delegationsPending,
        picksToShip: queues.picksPending,
        withdrawals: {
          pending: withdrawals.pending,
          approved: withdrawals.approved,
          pendingAmount: withdrawals.waitingAmount,
        },
        money: { inToday: deposits, outToday: withdrawals.paidOut, onlineInToday: online },
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
