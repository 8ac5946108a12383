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
