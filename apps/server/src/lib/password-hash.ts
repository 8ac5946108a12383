import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * The house's cost: scrypt with N=2^15, r=8, 32 MiB of memory per hash, 60–200 ms on these
 * machines. PASSWORD_HASH_COST lowers it for test runs only (the configuration refuses less in
 * production); every hash names its own parameters, so one made at any cost verifies at any other.
 */
export const PASSWORD_HASH_COST = 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/** Hashing and checking passwords (members' login and trade passwords, operators'). */
export function createPasswords(cost: number = PASSWORD_HASH_COST) {
  const N = 2 ** cost;
  const hash = async (password: string): Promise<string> => {
    const salt = crypto.randomBytes(16);
    const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
    return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  };
  let dummy: Promise<string> | undefined;
  return {
    hash,
    verify: verifyPassword,
    /** A hash to compare against when the account does not exist, so timing does not tell. */
    dummy: (): Promise<string> => (dummy ??= hash('dummy-password-1')),
  };
}
export type Passwords = ReturnType<typeof createPasswords>;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return crypto.timingSafeEqual(key, expected);
}
