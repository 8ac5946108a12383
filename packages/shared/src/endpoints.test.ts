import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamsOf } from './endpoint.js';
import { allEndpoints, namedEndpoints } from './endpoints.js';

const label = (e: (typeof allEndpoints)[number]) => `${e.method} ${e.base}${e.path}`;

describe('endpoint declarations', () => {
  it('declare each method, base and path once', () => {
    const seen = new Map<string, number>();
    for (const e of allEndpoints) seen.set(label(e), (seen.get(label(e)) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
  });

  it('take every path parameter in their input object', () => {
    const missing = allEndpoints.flatMap((e) => {
      if (!(e.input instanceof z.ZodObject)) return [`${label(e)}: input is not an object`];
      const shape = e.input.shape as Record<string, unknown>;
      return pathParamsOf(e)
        .filter((p) => !(p in shape))
        .map((p) => `${label(e)}: ${p}`);
    });
    expect(missing).toEqual([]);
  });

  it('guard every console endpoint but the login and its captcha with an operator session', () => {
    const open = allEndpoints.filter((e) => e.base === '/v1/admin' && e.auth !== 'operator').map(label);
    expect(open).toEqual(['GET /v1/admin/captcha', 'POST /v1/admin/login']);
    expect(allEndpoints.filter((e) => e.roles && e.auth !== 'operator').map(label)).toEqual([]);
    expect(allEndpoints.filter((e) => e.base === '/v1/iyd' && e.auth === 'operator').map(label)).toEqual([]);
  });

  it('fill path parameters from a coerced input', () => {
    const remove = namedEndpoints.find((n) => n.name === 'addresses.remove')!.endpoint;
    expect(remove.input.parse({ id: '7' })).toEqual({ id: 7 });
    const review = namedEndpoints.find((n) => n.name === 'accounts.adminRealNameReview')!.endpoint;
    expect(review.input.safeParse({ memberId: '3', approve: false }).error?.issues[0]?.message).toBe('invalid.reason');
  });

  it('mark CSV downloads as files', () => {
    expect(allEndpoints.filter((e) => e.file).map(label)).toEqual([
      'GET /v1/admin/export/orders',
      'GET /v1/admin/export/bills',
      'GET /v1/admin/export/recharges',
      'GET /v1/admin/export/withdrawals',
    ]);
  });
});
