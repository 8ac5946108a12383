import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DelegationStatus, HoldingStatus, PickStatus } from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { delegations, holdingEvents, holdings, picks } from '../../db/schema/index.js';

export type HoldingRow = typeof holdings.$inferSelect;
export type HoldingInsert = typeof holdings.$inferInsert;
export type PickRow = typeof picks.$inferSelect;
export type PickInsert = typeof picks.$inferInsert;
export type DelegationRow = typeof delegations.$inferSelect;
export type DelegationInsert = typeof delegations.$inferInsert;
export type HoldingEventRow = typeof holdingEvents.$inferSelect;
export type HoldingEventInsert = typeof holdingEvents.$inferInsert;

/** Whose pieces: a member's, or the house's own (`null`). */
export type OwnerFilter = number | null;

const ownerIs = (ownerId: OwnerFilter) => (ownerId === null ? isNull(holdings.ownerId) : eq(holdings.ownerId, ownerId));

/** The queue first, oldest first; then the rest, newest first. */
const queueOrder = (status: SQL, pending: string, id: SQL) => [
  sql`(${status} = ${pending}) DESC`,
  sql`CASE WHEN ${status} = ${pending} THEN ${id} END ASC`,
  sql`${id} DESC`,
];

export function createCustodyRepository(db: Db) {
  return {
    // Holdings.

    async insert(values: HoldingInsert[], tx: DbOrTx = db) {
      if (values.length === 0) return [];
      return tx.insert(holdings).values(values).returning();
    },

    async find(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(holdings).where(eq(holdings.id, id));
      return row;
    },

    async byIds(ids: readonly number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(holdings)
        .where(inArray(holdings.id, [...ids]))
        .orderBy(holdings.id);
    },

    /** The piece, locked until the transaction ends. */
    /**
     * Up to `limit` of the house's idle pieces of a product (units back in inventory after
     * an unsold lot), locked; pieces another transaction holds are skipped.
     */
    async lockIdleHouse(productId: number, limit: number, tx: Tx) {
      return tx
        .select()
        .from(holdings)
        .where(and(isNull(holdings.ownerId), eq(holdings.productId, productId), eq(holdings.status, 'held')))
        .orderBy(asc(holdings.id))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(holdings).where(eq(holdings.id, id)).for('update');
      return row;
    },

    async update(id: number, values: Partial<HoldingInsert>, tx: DbOrTx = db) {
      const [row] = await tx.update(holdings).set(values).where(eq(holdings.id, id)).returning();
      return row;
    },

    /**
     * Moves the member's pieces from one status to another in one statement: only those
     * still in `from` change, so of two racing callers one gets them all and the other fewer.
     */
    async move(
      q: { ids: readonly number[]; ownerId: number; from: HoldingStatus },
      values: Partial<HoldingInsert>,
      tx: DbOrTx = db,
    ) {
      return tx
        .update(holdings)
        .set(values)
        .where(and(inArray(holdings.id, [...q.ids]), eq(holdings.ownerId, q.ownerId), eq(holdings.status, q.from)))
        .returning();
    },

    /** The pieces of some pick-ups, each with its status moved (shipped, received). */
    async moveOfPick(pickId: number, values: Partial<HoldingInsert>, tx: DbOrTx = db) {
      return tx.update(holdings).set(values).where(eq(holdings.pickId, pickId)).returning();
    },

    ofPicks: (pickIds: readonly number[], tx: DbOrTx = db) =>
      pickIds.length === 0
        ? Promise.resolve([] as HoldingRow[])
        : tx
            .select()
            .from(holdings)
            .where(inArray(holdings.pickId, [...pickIds]))
            .orderBy(holdings.id),

    async page(q: { ownerId: number; status?: HoldingStatus; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = and(eq(holdings.ownerId, q.ownerId), q.status ? eq(holdings.status, q.status) : undefined);
      const [rows, [total]] = await Promise.all([
        tx.select().from(holdings).where(where).orderBy(desc(holdings.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(holdings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async adminPage(
      q: {
        status?: HoldingStatus;
        ownerId?: OwnerFilter;
        keyword?: { title: string; ownerIds: number[] };
        limit: number;
        offset: number;
      },
      tx: DbOrTx = db,
    ) {
      const k = q.keyword;
      const where = and(
        q.status ? eq(holdings.status, q.status) : undefined,
        q.ownerId !== undefined ? ownerIs(q.ownerId) : undefined,
        k
          ? or(
              ilike(holdings.title, `%${k.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
              k.ownerIds.length > 0 ? inArray(holdings.ownerId, k.ownerIds) : undefined,
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        tx.select().from(holdings).where(where).orderBy(desc(holdings.id)).limit(q.limit).offset(q.offset),
        tx.select({ n: count() }).from(holdings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    ofOrder: (orderId: number, tx: DbOrTx = db) =>
      tx.select().from(holdings).where(eq(holdings.orderId, orderId)).orderBy(holdings.id),

    // A piece's history.

    async addEvents(values: HoldingEventInsert[], tx: DbOrTx = db) {
      if (values.length === 0) return;
      await tx.insert(holdingEvents).values(values);
    },

    /** Oldest first; of events at one instant, a `won` (the piece changing hands) comes last. */
    eventsOf: (holdingIds: readonly number[], tx: DbOrTx = db) =>
      holdingIds.length === 0
        ? Promise.resolve([] as HoldingEventRow[])
        : tx
            .select()
            .from(holdingEvents)
            .where(inArray(holdingEvents.holdingId, [...holdingIds]))
            .orderBy(asc(holdingEvents.at), sql`(${holdingEvents.event} = 'won') ASC`, asc(holdingEvents.id)),

    async lastEvent(holdingId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(holdingEvents)
        .where(eq(holdingEvents.holdingId, holdingId))
        .orderBy(desc(holdingEvents.id))
        .limit(1);
      return row;
    },

    // Pick-ups.

    async insertPick(values: PickInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(picks).values(values).returning();
      return row!;
    },

    async pickByKey(requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(picks).where(eq(picks.requestKey, requestKey));
      return row;
    },

    async pick(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(picks).where(eq(picks.id, id));
      return row;
    },

    picksByIds: (ids: readonly number[], tx: DbOrTx = db) =>
      ids.length === 0
        ? Promise.resolve([] as PickRow[])
        : tx
            .select()
            .from(picks)
            .where(inArray(picks.id, [...ids])),

    /** Moves a pick-up on only from the status it is expected in; undefined when it is not there. */
    async movePick(
      q: { id: number; from: PickStatus; memberId?: number },
      values: Partial<PickInsert>,
      tx: DbOrTx = db,
    ) {
      const [row] = await tx
        .update(picks)
        .set(values)
        .where(
          and(
            eq(picks.id, q.id),
            eq(picks.status, q.from),
            q.memberId !== undefined ? eq(picks.memberId, q.memberId) : undefined,
          ),
        )
        .returning();
      return row;
    },

    /** Shipped pick-ups due to complete by themselves, locked; others running the job skip them. */
    dueForReceipt: (shippedBefore: Date, limit: number, tx: Tx) =>
      tx
        .select()
        .from(picks)
        .where(and(eq(picks.status, 'shipped'), lte(picks.shippedAt, shippedBefore)))
        .orderBy(picks.shippedAt)
        .limit(limit)
        .for('update', { skipLocked: true }),

    /** The dashboard's figures: pick-ups waiting to be shipped, consignments waiting for review. */
    async queueCounts(tx: DbOrTx = db) {
      const [[p], [d]] = await Promise.all([
        tx.select({ n: count() }).from(picks).where(eq(picks.status, 'pending')),
        tx.select({ n: count() }).from(delegations).where(eq(delegations.status, 'pending')),
      ]);
      return { picksPending: p?.n ?? 0, delegationsPending: d?.n ?? 0 };
    },

    async adminPicks(q: { status?: PickStatus; limit: number; offset: number }, tx: DbOrTx = db) {
      const where = q.status ? eq(picks.status, q.status) : undefined;
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(picks)
          .where(where)
          .orderBy(...queueOrder(sql`${picks.status}`, 'pending', sql`${picks.id}`))
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(picks).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    // Consignments.

    async insertDelegation(values: DelegationInsert, tx: DbOrTx = db) {
      const [row] = await tx.insert(delegations).values(values).returning();
      return row!;
    },

    async delegationByKey(requestKey: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(delegations).where(eq(delegations.requestKey, requestKey));
      return row;
    },

    async delegation(id: number, tx: DbOrTx = db) {
      const [row] = await tx.select().from(delegations).where(eq(delegations.id, id));
      return row;
    },

    async lockDelegation(id: number, tx: Tx) {
      const [row] = await tx.select().from(delegations).where(eq(delegations.id, id)).for('update');
      return row;
    },

    /** The consignment a lot was made from, while listed (a house piece has none). */
    async listedForLot(q: { holdingId: number; lotId: number }, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(delegations)
        .where(
          and(eq(delegations.holdingId, q.holdingId), eq(delegations.lotId, q.lotId), eq(delegations.status, 'listed')),
        )
        .for('update');
      return row;
    },

    async moveDelegation(
      q: { id: number; from: DelegationStatus; memberId?: number },
      values: Partial<DelegationInsert>,
      tx: DbOrTx = db,
    ) {
      const [row] = await tx
        .update(delegations)
        .set(values)
        .where(
          and(
            eq(delegations.id, q.id),
            eq(delegations.status, q.from),
            q.memberId !== undefined ? eq(delegations.memberId, q.memberId) : undefined,
          ),
        )
        .returning();
      return row;
    },

    async delegationPage(
      q: { memberId?: number; status?: DelegationStatus; limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      const where = and(
        q.memberId !== undefined ? eq(delegations.memberId, q.memberId) : undefined,
        q.status ? eq(delegations.status, q.status) : undefined,
      );
      const order =
        q.memberId !== undefined
          ? [desc(delegations.id)]
          : queueOrder(sql`${delegations.status}`, 'pending', sql`${delegations.id}`);
      const [rows, [total]] = await Promise.all([
        tx
          .select()
          .from(delegations)
          .where(where)
          .orderBy(...order)
          .limit(q.limit)
          .offset(q.offset),
        tx.select({ n: count() }).from(delegations).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type CustodyRepository = ReturnType<typeof createCustodyRepository>;
