import { z } from 'zod';
import { DEFAULT_VIP_THRESHOLDS } from './accounts.schema.js';
import { defineEndpoint } from './endpoint.js';
import { houseProfile } from './judge.schema.js';

const fenAmount = z.number().int().min(0);
const bps = (max: number) => z.number().int().min(0).max(max);

/** Every business number operators may change, with the product's defaults. */
export const settingsSchema = z.object({
  sms: z.object({
    cooldownSeconds: z.number().int().min(10).max(3600),
    dailyLimit: z.number().int().min(1).max(100),
    codeTtlSeconds: z.number().int().min(60).max(3600),
    maxTries: z.number().int().min(1).max(20),
  }),
  login: z.object({ maxFailures: z.number().int().min(3).max(50), windowMinutes: z.number().int().min(1).max(1440) }),
  /**
   * Operators' sign-in, never locked: `maxFailures` failures of a username within the window
   * and its sign-in needs an image captcha; ten failures from one address within the window
   * pause that address for `lockMinutes`.
   */
  operatorLogin: z.object({
    maxFailures: z.number().int().min(3).max(50),
    windowMinutes: z.number().int().min(1).max(1440),
    lockMinutes: z.number().int().min(1).max(1440),
  }),
  tradePassword: z.object({
    maxFailures: z.number().int().min(3).max(20),
    lockMinutes: z.number().int().min(1).max(1440),
  }),
  /** V0 to V5 by total paid: V0 from nothing, each level above the one before. */
  vipThresholds: z
    .array(fenAmount)
    .length(6)
    .refine((t) => t[0] === 0 && t.every((v, i) => i === 0 || v > t[i - 1]!), { error: 'invalid.vipThresholds' }),
  mallPaymentMinutes: z.number().int().min(1).max(1440),
  /** Unpaid mall orders a member may hold at once: each holds pieces nobody else can buy meanwhile. */
  maxUnpaidOrders: z.number().int().min(1).max(20),
  auctionPaymentHours: z.number().int().min(1).max(240),
  bidDepositBps: bps(10_000),
  buyerPremiumBps: bps(5_000),
  sellerCommissionBps: bps(5_000),
  softCloseSeconds: z.number().int().min(0).max(3600),
  softCloseCapMinutes: z.number().int().min(0).max(1440),
  /** [below this many fen, the increment in fen]; the last row's limit is null (no upper bound). */
  increments: z
    .array(z.tuple([fenAmount.min(1).nullable(), fenAmount.min(1)]))
    .min(1)
    // Every row but the last has a limit above the one before; the last has none (a price past
    // every limit still has an increment).
    .refine(
      (rows) =>
        rows.every(([below], i) =>
          i === rows.length - 1 ? below === null : below !== null && (i === 0 || below > rows[i - 1]![0]!),
        ),
      { error: 'invalid.increments' },
    ),
  /** Per request: at least `minAmount`, at most `maxAmount`; `perDay` requests a China day; the fee comes out of the amount. */
  withdraw: z
    .object({
      minAmount: fenAmount.min(1),
      maxAmount: fenAmount,
      perDay: z.number().int().min(1).max(100),
      feeBps: bps(5_000),
      minFee: fenAmount,
    })
    .refine((w) => w.minAmount <= w.maxAmount, { error: 'invalid.maxAmount', path: ['maxAmount'] })
    // The smallest withdrawal must leave something after its fee.
    .refine((w) => w.minFee < w.minAmount, { error: 'invalid.minFee', path: ['minFee'] }),
  /** One top-up (online, when a channel is configured): at least `minAmount`, at most `maxAmount`. */
  recharge: z
    .object({ minAmount: fenAmount.min(1), maxAmount: fenAmount })
    .refine((r) => r.minAmount <= r.maxAmount, { error: 'invalid.rechargeMaxAmount', path: ['maxAmount'] }),
  /** A rate of each paid order of a direct invitee; at most 1%. */
  referralRateBps: bps(100),
  pickAutoReceiveDays: z.number().int().min(1).max(60),
  /** The house's guarantee: a buyer may claim a received piece within this many days of receipt. */
  guaranteeDays: z.number().int().min(1).max(90),
  /** 关于本行: the house's company, licence, founding year and address (issue 18). */
  house: houseProfile,
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  sms: { cooldownSeconds: 60, dailyLimit: 10, codeTtlSeconds: 300, maxTries: 5 },
  login: { maxFailures: 5, windowMinutes: 15 },
  operatorLogin: { maxFailures: 3, windowMinutes: 15, lockMinutes: 15 },
  tradePassword: { maxFailures: 5, lockMinutes: 30 },
  vipThresholds: DEFAULT_VIP_THRESHOLDS,
  mallPaymentMinutes: 15,
  maxUnpaidOrders: 2,
  auctionPaymentHours: 48,
  bidDepositBps: 1000,
  buyerPremiumBps: 1000,
  sellerCommissionBps: 800,
  softCloseSeconds: 120,
  softCloseCapMinutes: 30,
  increments: [
    [100_000, 1_000],
    [500_000, 5_000],
    [2_000_000, 20_000],
    [10_000_000, 50_000],
    [null, 100_000],
  ],
  withdraw: { minAmount: 10_000, maxAmount: 5_000_000, perDay: 3, feeBps: 50, minFee: 200 },
  recharge: { minAmount: 100, maxAmount: 5_000_000 },
  referralRateBps: 0,
  pickAutoReceiveDays: 10,
  guaranteeDays: 7,
  house: { company: '拾古拍卖', licence: '', foundedYear: 2026, address: '' },
};

/** Whole sections; a key that is not a setting is refused by name, not dropped. */
export const settingsPatch = settingsSchema
  .partial()
  .loose()
  .superRefine((patch, ctx) => {
    for (const key of Object.keys(patch)) {
      if (!(key in settingsSchema.shape)) ctx.addIssue({ code: 'custom', path: [key], message: 'invalid.setting' });
    }
  });

export const settingsApi = {
  get: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/settings',
    input: z.object({}),
    output: settingsSchema,
    auth: 'operator',
    roles: ['finance', 'operator'],
    summary: 'Every business setting.',
  }),
  update: defineEndpoint({
    method: 'PUT',
    base: '/v1/admin',
    path: '/settings',
    input: settingsPatch,
    output: settingsSchema,
    auth: 'operator',
    roles: ['admin'],
    summary: 'Change some settings (whole sections); audited.',
  }),
};
