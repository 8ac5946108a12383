import type { Holding, HoldingSource, HoldingStatus } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import { createCustodyRepository, type HoldingRow } from './custody.repository.js';

export const toHolding = (r: HoldingRow): Holding => ({
  id: r.id,
  productId: r.productId,
  title: r.title,
  cover: r.cover,
  acquiredPrice: r.acquiredPrice,
  acquiredAt: r.acquiredAt.getTime(),
  source: r.source,
  status: r.status,
  orderId: r.orderId,
});

/** Pieces a paid order hands over: one holding per unit. */
export interface Grant {
  ownerId: number;
  orderId: number;
  source: Exclude<HoldingSource, 'house'>;
  lines: readonly {
    productId: number | null;
    /** An auction line: the existing piece changes hands instead of a new one being made. */
    holdingId?: number | null;
    title: string;
    cover: string;
    price: number;
    quantity: number;
  }[];
}

/** What the house keeps for each member. Pick-ups and consignments build on it later. */
export function createCustodyService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createCustodyRepository(db);
  return {
    async list(ownerId: number, q: { status?: HoldingStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({
        ownerId,
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(rows.map(toHolding), total, q);
    },

    /** Puts the pieces of a paid order into custody for the buyer, held, in the payment's transaction. */
    async grant(tx: Tx, g: Grant): Promise<Holding[]> {
      const now = new Date(clock.now());
      const rows = await repo.insert(
        g.lines.flatMap((l) =>
          Array.from({ length: l.quantity }, () => ({
            ownerId: g.ownerId,
            productId: l.productId,
            title: l.title,
            cover: l.cover,
            acquiredPrice: l.price,
            acquiredAt: now,
            source: g.source,
            status: 'held' as const,
            orderId: g.orderId,
            createdAt: now,
          })),
        ),
        tx,
      );
      return rows.map(toHolding);
    },

    /** The holdings an order created, with their owner. */
    async ofOrder(orderId: number) {
      return (await repo.ofOrder(orderId)).map((r) => ({ ...toHolding(r), ownerId: r.ownerId }));
    },
  };
}
export type CustodyService = ReturnType<typeof createCustodyService>;
