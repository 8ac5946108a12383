import { z } from 'zod';
import { PHONE_RE } from './identity.js';

export const address = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  regionCode: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

export const MAX_ADDRESSES = 20;

export const addressInput = z.object({
  id: z.number().int().positive().optional(),
  name: z
    .string({ error: 'invalid.consignee' })
    .trim()
    .min(1, { error: 'invalid.consignee' })
    .max(20, { error: 'invalid.consignee' }),
  phone: z.string({ error: 'invalid.phone' }).trim().regex(PHONE_RE, { error: 'invalid.phone' }),
  regionCode: z.string({ error: 'invalid.regionCode' }).regex(/^\d{6}$/, { error: 'invalid.regionCode' }),
  detail: z
    .string({ error: 'invalid.detail' })
    .trim()
    .min(4, { error: 'invalid.detail' })
    .max(120, { error: 'invalid.detail' }),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.infer<typeof addressInput>;
