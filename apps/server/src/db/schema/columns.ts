import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Times are timestamptz in the database and epoch milliseconds on the wire. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in fen; bigint columns read as JS numbers (safe far beyond any real amount). */
export const fen = (name: string) => bigint(name, { mode: 'number' });
