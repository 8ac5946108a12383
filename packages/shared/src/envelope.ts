import { z } from 'zod';

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  });

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** PostgreSQL's `integer`, the type of every id column: a larger id can name no record. */
export const MAX_ID = 2_147_483_647;

/** A record's id in a JSON body: a whole number from 1 to `MAX_ID`. */
export const recordId = (key = 'invalid.id') =>
  z.number({ error: key }).int({ error: key }).min(1, { error: key }).max(MAX_ID, { error: key });

/** A record's id in a path or query string, where it arrives as text; the same bounds. */
export const recordIdText = (key = 'invalid.id') =>
  z.coerce.number({ error: key }).int({ error: key }).min(1, { error: key }).max(MAX_ID, { error: key });

export const idParam = z.object({ id: recordIdText() });

/**
 * The latest time the API takes, 2100-01-01 00:00 UTC. No date of the house's business lies
 * beyond it, and nothing computed from one (a day in China, a soft-close cap) leaves what
 * JavaScript dates, ISO strings and PostgreSQL hold alike.
 */
export const MAX_EPOCH_MS = 4_102_444_800_000;

/** A time in a JSON body: epoch milliseconds, whole, from 1970 to `MAX_EPOCH_MS`. */
export const epochMs = (key: string) =>
  z.number({ error: key }).int({ error: key }).min(0, { error: key }).max(MAX_EPOCH_MS, { error: key });

/** The same in a query string, where it arrives as text. */
export const epochMsText = (key: string) =>
  z.coerce.number({ error: key }).int({ error: key }).min(0, { error: key }).max(MAX_EPOCH_MS, { error: key });

/** A time window of a CSV export, epoch milliseconds: `from` inclusive, `to` exclusive. */
export const exportRange = {
  from: epochMsText('invalid.from').optional(),
  to: epochMsText('invalid.to').optional(),
};
