import { expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

it('is made once when two instances start at once: only the one whose row went in prints a password, and it signs in', async () => {
  const t = await createTestApp({}, { firstAdmin: false });
  const starts = await Promise.all([t.services.operators.ensureFirstAdmin(), t.services.operators.ensureFirstAdmin()]);
  const made = starts.filter((s) => s.created);
  expect(made).toHaveLength(1);
  expect(starts.find((s) => !s.created)).toEqual({ created: false });
  const login = await t.call('POST', '/v1/admin/login', { body: { username: 'admin', password: made[0]!.password } });
  expect(login.code).toBe(200);
  // Every later start finds the operator and says nothing.
  expect(await t.services.operators.ensureFirstAdmin()).toEqual({ created: false });
});
