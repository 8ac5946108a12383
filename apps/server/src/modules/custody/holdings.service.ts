import type { AdminHolding, Holding, HoldingDetail, HoldingStatus } from '@antique/shared';
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { CustodyRepository, HoldingRow, OwnerFilter } from './custody.repository.js';
import { events, historyForOwner, ref, toHolding, type CustodyViews, type MembersLookup } from './custody-views.js';

/** Pieces a paid mall order hands over: one holding per unit. */
export interface Grant {
  ownerId: number;
  orderId: number;
  lines: readonly { productId: number | null; title: string; cover: string; price: number; quantity: number }[];
}

/** A lot's order paid: the piece sold at the hammer goes to the buyer, its consignment (if any) sold. */
export interface LotSale {
  holdingId: number;
  lotId: number;
  buyerId: number;
  orderId: number;
  hammer: number;
  commission: number;
  proceeds: number;
}

/**
 * The pieces (holdings) and their history: what members hold, the house's own pieces for
 * its lots, and each change of hands. Every change of a piece is made under its row lock
 * or by a conditional update, so two callers never both move one piece.
 */
export function createHoldingsService(d: {
  repo: CustodyRepository;
  clock: Clock;
  views: CustodyViews;
  catalogue: Pick<CatalogueService, 'imagesOf'>;
  members: MembersLookup;
}) {
  const { repo, views } = d;
  const now = () => new Date(d.clock.now());

  return {
    async list(ownerId: number, q: { status?: HoldingStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({
        ownerId,
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await views.withPicks(rows), total, q);
    },

    /** One of the member's pieces with its whole history in the house; 404 for anyone else's. */
    async info(memberId: number, id: number): Promise<HoldingDetail> {
      const row = await repo.find(id);
      if (!row || row.ownerId !== memberId) throw notFound();
      const [[holding], history] = await Promise.all([views.withPicks([row]), repo.eventsOf([id])]);
      return { ...holding!, history: historyForOwner(history) };
    },

    /** The holdings an order created, with their owner. */
    async ofOrder(orderId: number) {
      return (await repo.ofOrder(orderId)).map((r) => ({ ...toHolding(r), ownerId: r.ownerId }));
    },

    /**
     * Puts the pieces of a paid mall order into custody for the buyer, held, in the payment's
     * transaction: one piece per unit (event `bought`, the product's photographs copied). A
     * unit that came back from an unsold lot is that same piece, its history going on.
     */
    async grant(tx: Tx, g: Grant): Promise<Holding[]> {
      const at = now();
      const out: HoldingRow[] = [];
      const photos = await d.catalogue.imagesOf(
        tx,
        g.lines.flatMap((l) => (l.productId !== null ? [l.productId] : [])),
      );
      const acquired = {
        ownerId: g.ownerId,
        status: 'held' as const,
        acquiredAt: at,
        orderId: g.orderId,
        pickId: null,
      };
      for (const l of g.lines) {
        const idle = l.productId !== null ? await repo.lockIdleHouse(l.productId, l.quantity, tx) : [];
        const handed = [];
        for (const h of idle) {
          handed.push((await repo.update(h.id, { ...acquired, acquiredPrice: l.price, source: 'mall' }, tx))!);
        }
        const rows = await repo.insert(
          Array.from({ length: l.quantity - idle.length }, () => ({
            ...acquired,
            productId: l.productId,
            title: l.title,
            cover: l.cover,
            images: (l.productId !== null && photos.get(l.productId)) || [l.cover],
            acquiredPrice: l.price,
            source: 'mall' as const,
            createdAt: at,
          })),
          tx,
        );
        const made = [...handed, ...rows];
        await repo.addEvents(
          events(
            made.map((r) => r.id),
            { event: 'bought', price: l.price, ref: ref.order(g.orderId), at },
          ),
          tx,
        );
        out.push(...made);
      }
      return out.map(toHolding);
    },

    /**
     * A lot's order was paid, in the payment's transaction: the piece goes to the buyer
     * (held), its consignment is `sold` with hammer, commission and proceeds, and its
     * history records the sale and the win at one moment, the sale first. Once: a piece
     * already handed over for this order changes nothing.
     */
    async lotSold(tx: Tx, s: LotSale): Promise<Holding> {
      const h = await repo.lock(s.holdingId, tx);
      if (!h) throw notFound();
      if (h.orderId === s.orderId && h.ownerId === s.buyerId) return toHolding(h);
      const at = now();
      const consignment = await repo.listedForLot(s, tx);
      if (consignment) {
        await repo.moveDelegation(
          { id: consignment.id, from: 'listed' },
          { status: 'sold', hammerPrice: s.hammer, commission: s.commission, proceeds: s.proceeds, settledAt: at },
          tx,
        );
      }
      const row = await repo.update(
        h.id,
        {
          ownerId: s.buyerId,
          status: 'held',
          acquiredPrice: s.hammer,
          acquiredAt: at,
          source: 'auction',
          orderId: s.orderId,
          pickId: null,
        },
        tx,
      );
      await repo.addEvents(
        [
          { holdingId: h.id, event: 'sold', price: s.hammer, ref: ref.lot(s.lotId), at },
          { holdingId: h.id, event: 'won', price: s.hammer, ref: ref.order(s.orderId), at },
        ],
        tx,
      );
      return toHolding(row!);
    },

    /**
     * The house's own piece for a house lot, `delegated` while it is listed: the unit of a
     * product taken from inventory is the idle piece of that product that came back from
     * an earlier lot (its history goes on), or a new piece of the house.
     */
    async houseHolding(
      tx: Tx,
      p: { productId: number; title: string; cover: string; images: string[] },
    ): Promise<{ id: number }> {
      const at = now();
      const [idle] = await repo.lockIdleHouse(p.productId, 1, tx);
      if (idle) {
        await repo.update(idle.id, { status: 'delegated', title: p.title, cover: p.cover, images: p.images }, tx);
        return { id: idle.id };
      }
      const [row] = await repo.insert(
        [
          {
            ownerId: null,
            productId: p.productId,
            title: p.title,
            cover: p.cover,
            images: p.images,
            acquiredPrice: 0,
            acquiredAt: at,
            source: 'house',
            status: 'delegated',
            orderId: null,
            createdAt: at,
          },
        ],
        tx,
      );
      return { id: row!.id };
    },

    /** Records that a piece went up as a lot (a house lot; consignments record it on approval). */
    async lotListed(tx: Tx, p: { holdingId: number; lotId: number }) {
      await repo.addEvents([{ holdingId: p.holdingId, event: 'listed', ref: ref.lot(p.lotId), at: now() }], tx);
    },

    /** The piece of a lot, locked until the transaction ends. */
    async holdingForLot(tx: Tx, holdingId: number) {
      const h = await repo.lock(holdingId, tx);
      if (!h) throw notFound();
      return {
        id: h.id,
        ownerId: h.ownerId,
        productId: h.productId,
        title: h.title,
        cover: h.cover,
        images: h.images,
        status: h.status,
      };
    },

    /**
     * A lot closed unsold, or its order went unpaid: the piece is held again by its owner
     * and its consignment is `unsold`. Once per lot: a piece already back changes nothing.
     * `backToInventory`: the product whose unit the house has back (the caller returns it
     * to the catalogue).
     */
    async lotClosed(tx: Tx, p: { holdingId: number; lotId: number }): Promise<{ backToInventory: number | null }> {
      const h = await repo.lock(p.holdingId, tx);
      if (!h || h.status !== 'delegated') return { backToInventory: null };
      const at = now();
      const consignment = await repo.listedForLot(p, tx);
      if (consignment) {
        await repo.moveDelegation({ id: consignment.id, from: 'listed' }, { status: 'unsold', settledAt: at }, tx);
      }
      await repo.update(h.id, { status: 'held' }, tx);
      await repo.addEvents(
        [
          { holdingId: h.id, event: 'unsold', ref: ref.lot(p.lotId), at },
          ...(h.ownerId !== null ? [{ holdingId: h.id, event: 'returned' as const, ref: ref.lot(p.lotId), at }] : []),
        ],
        tx,
      );
      return { backToInventory: h.ownerId === null ? h.productId : null };
    },

    async adminHoldings(q: {
      status?: HoldingStatus;
      ownerId?: number | 'house';
      keyword?: string;
      page: number;
      pageSize: number;
    }) {
      const k = q.keyword?.trim();
      const owner: OwnerFilter | undefined =
        q.ownerId === undefined ? undefined : q.ownerId === 'house' ? null : q.ownerId;
      const { rows, total } = await repo.adminPage({
        ...(q.status ? { status: q.status } : {}),
        ...(owner !== undefined ? { ownerId: owner } : {}),
        ...(k ? { keyword: { title: k, ownerIds: /^\d{3,}$/.test(k) ? await d.members.idsByPhone(k) : [] } } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      const [list, phones] = await Promise.all([
        views.withPicks(rows),
        d.members.phonesOf([...new Set(rows.flatMap((r) => (r.ownerId !== null ? [r.ownerId] : [])))]),
      ]);
      return pageResult<AdminHolding>(
        list.map((h, i) => {
          const ownerId = rows[i]!.ownerId;
          return { ...h, ownerId, ownerPhone: ownerId !== null ? (phones.get(ownerId) ?? null) : null };
        }),
        total,
        q,
      );
    },
  };
}
