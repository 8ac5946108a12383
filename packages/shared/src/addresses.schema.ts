import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { idParam, recordId } from './envelope.js';
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

export const addressInput = z.object({
  id: recordId().optional(),
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

const member_ = { base: '/v1/iyd', auth: 'member' } as const;

export const addressesApi = {
  list: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/address/list',
    input: z.object({}),
    output: z.array(address),
    summary: 'The member’s addresses, the default first.',
  }),
  getDefault: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/address',
    input: z.object({}),
    output: address.nullable(),
    summary: 'The default address, or null.',
  }),
  info: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/address/info',
    input: idParam,
    output: address,
    addition: true,
    summary: 'One address, for the edit form.',
  }),
  save: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/address',
    input: addressInput,
    output: address,
    summary: 'Add an address, or change one when `id` is given.',
  }),
  remove: defineEndpoint({
    ...member_,
    method: 'DELETE',
    path: '/address/{id}',
    input: idParam,
    output: z.null(),
    summary: 'Delete an address.',
  }),
};

export { MAX_ADDRESSES } from './client-limits.js';
