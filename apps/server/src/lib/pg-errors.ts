/** The PostgreSQL error behind a failure (Drizzle wraps it as the `cause` of its own). */
function pgError(e: unknown): { code?: string; constraint?: string } {
  for (let x: unknown = e, depth = 0; typeof x === 'object' && x !== null && depth < 5; depth++) {
    const c = x as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return { code: c.code, constraint: c.constraint };
    x = c.cause;
  }
  return {};
}

export const isUniqueViolation = (e: unknown, constraint?: string) => {
  const pg = pgError(e);
  return pg.code === '23505' && (constraint === undefined || pg.constraint === constraint);
};

export const isForeignKeyViolation = (e: unknown) => pgError(e).code === '23503';

/** PostgreSQL gave up one of two transactions that waited on each other: run it again. */
export const isDeadlock = (e: unknown) => pgError(e).code === '40P01';

/**
 * Runs a transaction again when PostgreSQL chose it as a deadlock's victim (two payments
 * that cross: each payer the other's consignor, their wallets locked in opposite orders). The
 * victim's work was rolled back whole, so running it again is safe; a few tries at most.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (!isDeadlock(e) || attempt >= tries) throw e;
    }
  }
}
