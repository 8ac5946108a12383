import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** Every role's landing page: today's figures (the China day) and the queues waiting for someone. */
export const dashboardOutput = z.object({
  /** The China (UTC+8) day the figures are for, 'YYYY-MM-DD'. */
  day: z.string(),
  generatedAt: z.number().int(),
  members: z.object({ total: z.number().int(), newToday: z.number().int() }),
  /** Real-name reviews waiting. */
  verificationsPending: z.number().int(),
  /** `paidAmountToday` in fen: the paid orders' whole price (an auction order's premium and applied bid deposit included). */
  orders: z.object({ createdToday: z.number().int(), paidToday: z.number().int(), paidAmountToday: z.number().int() }),
  /** Live and scheduled by the server clock; `closingWithinHour` are live lots ending within the hour. */
  lots: z.object({ live: z.number().int(), closingWithinHour: z.number().int(), scheduled: z.number().int() }),
  /** Delegations waiting for review. */
  consignmentsPending: z.number().int(),
  /** Pick-ups waiting to be shipped. */
  picksToShip: z.number().int(),
  /** Requested, approved but not paid, and the amount (fen) of both. */
  withdrawals: z.object({ pending: z.number().int(), approved: z.number().int(), pendingAmount: z.number().int() }),
  /**
   * Fen: operator-recorded deposits today; withdrawals marked paid today (what reached the
   * members' accounts); online recharges credited today (Alipay, WeChat Pay).
   */
  money: z.object({ inToday: z.number().int(), outToday: z.number().int(), onlineInToday: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboardOutput>;

export const dashboardApi = {
  get: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/dashboard',
    input: z.object({}),
    output: dashboardOutput,
    // every role lands here
    auth: 'operator',
    summary:
      'Today’s figures (China day) and the queues waiting: members, orders, lots, reviews, pick-ups, withdrawals, money.',
  }),
};
