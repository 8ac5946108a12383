import { describe, expect, it } from 'vitest';
import { createPasswords, verifyPassword } from './password-hash.js';

describe('password hashes', () => {
  it('are scrypt at N=2^15, r=8, p=1 with a salt of their own, and check only the right password', async () => {
    const house = createPasswords();
    const a = await house.hash('Passw0rd1');
    const b = await house.hash('Passw0rd1');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await house.verify('Passw0rd1', a)).toBe(true);
    expect(await house.verify('Passw0rd2', a)).toBe(false);
    expect(await house.verify('Passw0rd1', 'not-a-hash')).toBe(false);
  });

  it('made at a lower cost (a test run’s) verify at the house’s, and the other way round', async () => {
    const cheap = await createPasswords(10).hash('Passw0rd1');
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(await createPasswords().verify('Passw0rd1', cheap)).toBe(true);
    expect(await verifyPassword('Passw0rd1', await createPasswords().hash('Passw0rd1'))).toBe(true);
  });

  it('keep one stand-in hash per house for accounts that do not exist', async () => {
    const house = createPasswords(10);
    expect(await house.dummy()).toBe(await house.dummy());
    expect(await house.verify('anything', await house.dummy())).toBe(false);
  });
});
