import type {
  AdminDelegation,
  AdminHolding,
  AdminPick,
  DelegateInput,
  Delegation,
  DelegationReviewInput,
  DelegationStatus,
  Holding,
  HoldingDetail,
  HoldingSource,
  HoldingStatus,
  Pick,
  PickInput,
  PickStatus,
  SmsText,
} from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { DomainError, fail, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { NewLot } from '../auctions/auctions.service.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import {
  createCustodyRepository,
  type DelegationRow,
  type HoldingEventInsert,
  type HoldingEventRow,
  type HoldingRow,
  type OwnerFilter,
  type PickRow,
} from './custody.repository.js';

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

export const toPick = (p: PickRow, holdingIds: number[]): Pick => ({
  id: p.id,
  holdingIds,
  address: p.address,
  status: p.status,
  ...(p.carrier !== null ? { carrier: p.carrier } : {}),
  ...(p.trackingNo !== null ? { trackingNo: p.trackingNo } : {}),
  createdAt: p.createdAt.getTime(),
  ...(p.shippedAt ? { shippedAt: p.shippedAt.getTime() } : {}),
  ...(p.receivedAt ? { receivedAt: p.receivedAt.getTime() } : {}),
});

const toDelegation = (d: DelegationRow, holding: Holding): Delegation => ({
  id: d.id,
  holding,
  status: d.status,
  ...(d.reservePrice !== null ? { reservePrice: d.reservePrice } : {}),
  ...(d.lotId !== null ? { lotId: d.lotId } : {}),
  ...(d.rejectReason !== null ? { rejectReason: d.rejectReason } : {}),
  ...(d.hammerPrice !== null ? { hammerPrice: d.hammerPrice } : {}),
  ...(d.commission !== null ? { commission: d.commission } : {}),
  ...(d.proceeds !== null ? { proceeds: d.proceeds } : {}),
  createdAt: d.createdAt.getTime(),
});

const toEntry = (e: HoldingEventRow) => ({
  at: e.at.getTime(),
  event: e.event,
  ...(e.price !== null ? { price: e.price } : {}),
  ...(e.ref !== null ? { ref: e.ref } : {}),
});

/**
 * The history as its current owner reads it: what happened before they acquired the piece
 * (the provenance) keeps its dates, lots and public hammer prices, but never a former
 * owner's own purchase price or a link to their orders or consignments.
 */
function historyForOwner(events: HoldingEventRow[]) {
  let acquired = -1;
  events.forEach((e, i) => {
    if (e.event === 'bought' || e.event === 'won') acquired = i;
  });
  return events.map((e, i) => {
    if (i >= acquired) return toEntry(e);
    const publicRef = e.ref?.startsWith('lot:') ? e.ref : null;
    const publicPrice = e.event === 'sold' ? e.price : null;
    return toEntry({ ...e, ref: publicRef, price: publicPrice });
  });
}

const unavailable = (extra: Record<string, unknown> = {}) => fail('HOLDING_NOT_AVAILABLE', extra);

/** The shipped text of a pick-up: one piece by its title, several by the first and their number. */
function pickShippedSms(holdings: { title: string }[], ship: { carrier: string; trackingNo: string }): SmsText {
  const { carrier, trackingNo } = ship;
  const title = holdings[0]?.title ?? '';
  return holdings.length > 1
    ? { template: 'PICK_SHIPPED_MANY', params: { title, count: String(holdings.length), carrier, trackingNo } }
    : { template: 'PICK_SHIPPED', params: { title, carrier, trackingNo } };
}

/** Pieces a paid order hands over: one holding per unit, or the lot's piece itself. */
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

/** What custody asks of auctions: a lot made of an approved consignment. */
export interface LotMaker {
  createLot(tx: Tx, lot: NewLot): Promise<{ id: number }>;
}

interface MembersLookup {
  phonesOf(ids: number[]): Promise<Map<number, string>>;
  idsByPhone(fragment: string): Promise<number[]>;
}

const ref = {
  order: (id: number) => `order:${id}`,
  lot: (id: number) => `lot:${id}`,
  pick: (id: number) => `pick:${id}`,
  delegation: (id: number) => `delegation:${id}`,
};

/**
 * What the house keeps for members and for itself: each piece (holding), its pick-up,
 * its consignment for auction, and its history here, which stays with the piece when it
 * changes hands. Every change of a piece's status is a conditional update or made under
 * the piece's row lock, so two callers never both move one piece.
 */
export function createCustodyService(d: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  settings: SettingsService;
  addresses: AddressesService;
  catalogue: CatalogueService;
  members: MembersLookup;
  notices: { send: NoticesService['send'] };
  auctions: LotMaker;
}) {
  const { db, clock } = d;
  const repo = createCustodyRepository(db);
  const now = () => new Date(clock.now());

  /** Holdings with their pick-up (and its pieces). */
  async function withPicks(rows: HoldingRow[], tx: Db | Tx = db): Promise<Holding[]> {
    const pickIds = [...new Set(rows.flatMap((r) => (r.pickId !== null ? [r.pickId] : [])))];
    const [pickRows, members] = await Promise.all([repo.picksByIds(pickIds, tx), repo.ofPicks(pickIds, tx)]);
    const picks = new Map(
      pickRows.map((p) => [
        p.id,
        toPick(
          p,
          members.filter((m) => m.pickId === p.id).map((m) => m.id),
        ),
      ]),
    );
    return rows.map((r) => {
      const pick = r.pickId !== null ? picks.get(r.pickId) : undefined;
      return { ...toHolding(r), ...(pick ? { pick } : {}) };
    });
  }

  async function pickView(p: PickRow, tx: Db | Tx = db): Promise<Pick> {
    const rows = await repo.ofPicks([p.id], tx);
    return toPick(
      p,
      rows.map((r) => r.id),
    );
  }

  /**
   * Consignments with their piece as the consignor knew it: once sold on, the piece
   * belongs to someone else, and the consignor sees their own acquisition (from the
   * piece's history) and the piece as consigned, never the buyer's purchase.
   */
  async function delegationViews(rows: DelegationRow[], tx: Db | Tx = db): Promise<Delegation[]> {
    const holdingRows = new Map(
      (await repo.byIds([...new Set(rows.map((r) => r.holdingId))], tx)).map((h) => [h.id, h]),
    );
    const goneIds = rows.filter((r) => holdingRows.get(r.holdingId)?.ownerId !== r.memberId).map((r) => r.holdingId);
    const events = await repo.eventsOf([...new Set(goneIds)], tx);
    return rows.map((r) => {
      const h = holdingRows.get(r.holdingId)!;
      if (h.ownerId === r.memberId) return toDelegation(r, toHolding(h));
      const acquired = events
        .filter(
          (e) =>
            e.holdingId === h.id &&
            (e.event === 'bought' || e.event === 'won') &&
            e.at.getTime() <= r.createdAt.getTime(),
        )
        .at(-1);
      const orderRef = acquired?.ref?.startsWith('order:') ? Number(acquired.ref.slice(6)) : null;
      return toDelegation(r, {
        id: h.id,
        productId: h.productId,
        title: h.title,
        cover: h.cover,
        acquiredPrice: acquired?.price ?? 0,
        acquiredAt: (acquired?.at ?? r.createdAt).getTime(),
        source: acquired?.event === 'won' ? 'auction' : 'mall',
        status: 'delegated',
        orderId: orderRef,
      });
    });
  }

  async function adminPickViews(rows: PickRow[], tx: Db | Tx = db): Promise<AdminPick[]> {
    const [pieces, phones] = await Promise.all([
      repo.ofPicks(
        rows.map((p) => p.id),
        tx,
      ),
      d.members.phonesOf([...new Set(rows.map((p) => p.memberId))]),
    ]);
    return rows.map((p) => {
      const mine = pieces.filter((h) => h.pickId === p.id);
      return {
        ...toPick(
          p,
          mine.map((h) => h.id),
        ),
        memberId: p.memberId,
        memberPhone: phones.get(p.memberId) ?? '',
        holdings: mine.map(toHolding),
      };
    });
  }

  async function adminDelegationViews(rows: DelegationRow[], tx: Db | Tx = db): Promise<AdminDelegation[]> {
    const [views, phones] = await Promise.all([
      delegationViews(rows, tx),
      d.members.phonesOf([...new Set(rows.map((r) => r.memberId))]),
    ]);
    return views.map((v, i) => ({
      ...v,
      memberId: rows[i]!.memberId,
      memberPhone: phones.get(rows[i]!.memberId) ?? '',
    }));
  }

  const events = (holdingIds: readonly number[], e: Omit<HoldingEventInsert, 'holdingId'>): HoldingEventInsert[] =>
    holdingIds.map((holdingId) => ({ holdingId, ...e }));

  /** The product's photographs, description and particulars, when the piece is one of the catalogue's. */
  async function productOf(productId: number | null) {
    if (productId === null) return undefined;
    try {
      return await d.catalogue.adminProduct(productId);
    } catch (e) {
      if (e instanceof DomainError && e.reason === 'NOT_FOUND') return undefined;
      throw e;
    }
  }

  /** Puts a piece back into its owner's hands (held) after a consignment ends without a sale. */
  async function returnPiece(tx: Tx, holdingId: number, at: Date, reference: string) {
    const h = await repo.lock(holdingId, tx);
    if (!h || h.status !== 'delegated') return;
    await repo.update(holdingId, { status: 'held' }, tx);
    await repo.addEvents([{ holdingId, event: 'returned', ref: reference, at }], tx);
  }

  /** Completes a shipped pick-up: the pick and its pieces received. Undefined when it was not shipped. */
  async function completePick(tx: Tx, q: { id: number; memberId?: number }) {
    const at = now();
    const done = await repo.movePick({ ...q, from: 'shipped' }, { status: 'received', receivedAt: at }, tx);
    if (!done) return undefined;
    const pieces = await repo.moveOfPick(done.id, { status: 'received' }, tx);
    await repo.addEvents(
      events(
        pieces.map((h) => h.id),
        { event: 'received', ref: ref.pick(done.id), at },
      ),
      tx,
    );
    return done;
  }

  return {
    // ------------------------------------------------------------ members

    /** The dashboard's queues: pick-ups to ship, consignments to review. */
    dashboardFigures: () => repo.queueCounts(),

    async list(ownerId: number, q: { status?: HoldingStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({
        ownerId,
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await withPicks(rows), total, q);
    },

    /** One of the member's pieces with its whole history in the house; 404 for anyone else's. */
    async info(memberId: number, id: number): Promise<HoldingDetail> {
      const row = await repo.find(id);
      if (!row || row.ownerId !== memberId) throw notFound();
      const [[holding], history] = await Promise.all([withPicks([row]), repo.eventsOf([id])]);
      return { ...holding!, history: historyForOwner(history) };
    },

    /**
     * Held pieces of the member to one of their addresses (copied). The pieces move to
     * `picking` in one conditional update: any that is not the member's and held makes the
     * whole call 409 HOLDING_NOT_AVAILABLE and changes nothing.
     */
    async pick(memberId: number, input: PickInput, requestKey?: string): Promise<Pick> {
      const address = await d.addresses.find(memberId, input.addressId);
      return db.transaction(async (tx) => {
        const before = requestKey ? await repo.pickByKey(requestKey, tx) : undefined;
        if (before) return pickView(before, tx);
        const p = await repo.insertPick(
          {
            memberId,
            address: {
              name: address.name,
              phone: address.phone,
              regionCode: address.regionCode,
              province: address.province,
              city: address.city,
              district: address.district,
              detail: address.detail,
            },
            status: 'pending',
            createdAt: now(),
            requestKey: requestKey ?? null,
          },
          tx,
        );
        const moved = await repo.move(
          { ids: input.holdingIds, ownerId: memberId, from: 'held' },
          { status: 'picking', pickId: p.id },
          tx,
        );
        if (moved.length !== input.holdingIds.length) {
          const got = new Set(moved.map((h) => h.id));
          throw unavailable({ holdingIds: input.holdingIds.filter((id) => !got.has(id)) });
        }
        return toPick(
          p,
          moved.map((h) => h.id).sort((a, b) => a - b),
        );
      });
    },

    /** The member confirms a shipped pick-up arrived; confirming again returns it. */
    async receive(memberId: number, id: number): Promise<Pick> {
      return db.transaction(async (tx) => {
        const done = await completePick(tx, { id, memberId });
        if (done) return pickView(done, tx);
        const p = await repo.pick(id, tx);
        if (!p || p.memberId !== memberId) throw notFound();
        if (p.status === 'received') return pickView(p, tx);
        throw unavailable({ status: p.status });
      });
    },

    /** The job: shipped pick-ups completed `pickAutoReceiveDays` after shipping, each once. */
    async receiveDue(limit = 100): Promise<number> {
      const days = await d.settings.get('pickAutoReceiveDays');
      return db.transaction(async (tx) => {
        const due = await repo.dueForReceipt(new Date(clock.now() - days * 86_400_000), limit, tx);
        let n = 0;
        for (const p of due) if (await completePick(tx, { id: p.id })) n += 1;
        return n;
      });
    },

    async delegations(memberId: number, q: { status?: DelegationStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.delegationPage({
        memberId,
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await delegationViews(rows), total, q);
    },

    /** Consigns a held piece of the member for auction (optional reserve); operators review it. */
    async delegate(memberId: number, input: DelegateInput, requestKey?: string): Promise<Delegation> {
      return db.transaction(async (tx) => {
        const before = requestKey ? await repo.delegationByKey(requestKey, tx) : undefined;
        if (before) return (await delegationViews([before], tx))[0]!;
        const at = now();
        const [h] = await repo.move(
          { ids: [input.holdingId], ownerId: memberId, from: 'held' },
          { status: 'delegated' },
          tx,
        );
        if (!h) throw unavailable({ holdingIds: [input.holdingId] });
        const row = await repo.insertDelegation(
          {
            memberId,
            holdingId: h.id,
            status: 'pending',
            reservePrice: input.reservePrice ?? null,
            createdAt: at,
            requestKey: requestKey ?? null,
          },
          tx,
        );
        await repo.addEvents([{ holdingId: h.id, event: 'consigned', ref: ref.delegation(row.id), at }], tx);
        return toDelegation(row, toHolding(h));
      });
    },

    /** Withdraws a consignment still waiting for review: the piece is held again. Cancelling again returns it. */
    async cancelDelegation(memberId: number, id: number): Promise<Delegation> {
      return db.transaction(async (tx) => {
        const at = now();
        const row = await repo.moveDelegation({ id, memberId, from: 'pending' }, { status: 'cancelled' }, tx);
        if (!row) {
          const existing = await repo.delegation(id, tx);
          if (!existing || existing.memberId !== memberId) throw notFound();
          if (existing.status === 'cancelled') return (await delegationViews([existing], tx))[0]!;
          throw unavailable({ status: existing.status });
        }
        await returnPiece(tx, row.holdingId, at, ref.delegation(row.id));
        return (await delegationViews([row], tx))[0]!;
      });
    },

    // ------------------------------------------------------------ orders and auctions

    /**
     * Puts the pieces of a paid order into custody for the buyer, held, in the payment's
     * transaction. A mall line makes one piece per unit (event `bought`, the product's
     * photographs copied); an auction line hands the lot's piece itself to the buyer
     * (event `won`), its history staying with it.
     */
    async grant(tx: Tx, g: Grant): Promise<Holding[]> {
      const at = now();
      const out: HoldingRow[] = [];
      const photos = await d.catalogue.imagesOf(
        tx,
        g.lines.flatMap((l) => (l.holdingId == null && l.productId !== null ? [l.productId] : [])),
      );
      for (const l of g.lines) {
        if (l.holdingId !== undefined && l.holdingId !== null) {
          const h = await repo.lock(l.holdingId, tx);
          if (!h) throw new Error(`grant: no holding ${l.holdingId}`);
          const row = await repo.update(
            h.id,
            {
              ownerId: g.ownerId,
              status: 'held',
              acquiredPrice: l.price,
              acquiredAt: at,
              source: 'auction',
              orderId: g.orderId,
              pickId: null,
            },
            tx,
          );
          await repo.addEvents([{ holdingId: h.id, event: 'won', price: l.price, ref: ref.order(g.orderId), at }], tx);
          out.push(row!);
          continue;
        }
        // A unit that came back from an unsold lot is that same piece, its history going on.
        const idle = l.productId !== null ? await repo.lockIdleHouse(l.productId, l.quantity, tx) : [];
        const handed = [];
        for (const h of idle) {
          handed.push(
            (await repo.update(
              h.id,
              {
                ownerId: g.ownerId,
                status: 'held',
                acquiredPrice: l.price,
                acquiredAt: at,
                source: g.source,
                orderId: g.orderId,
                pickId: null,
              },
              tx,
            ))!,
          );
        }
        const rows = await repo.insert(
          Array.from({ length: l.quantity - idle.length }, () => ({
            ownerId: g.ownerId,
            productId: l.productId,
            title: l.title,
            cover: l.cover,
            images: (l.productId !== null && photos.get(l.productId)) || [l.cover],
            acquiredPrice: l.price,
            acquiredAt: at,
            source: g.source,
            status: 'held' as const,
            orderId: g.orderId,
            createdAt: at,
          })),
          tx,
        );
        const made = [...handed, ...rows];
        await repo.addEvents(
          events(
            made.map((r) => r.id),
            { event: g.source === 'auction' ? 'won' : 'bought', price: l.price, ref: ref.order(g.orderId), at },
          ),
          tx,
        );
        out.push(...made);
      }
      return out.map(toHolding);
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
      // The house's unit of a product is in stock again (the caller puts it back in the catalogue).
      return { backToInventory: h.ownerId === null ? h.productId : null };
    },

    /**
     * A lot's order was paid: the consignment is `sold` with hammer, commission and
     * proceeds, and the piece's history records the sale at the hammer. Recorded once.
     */
    async lotSettled(
      tx: Tx,
      p: { holdingId: number; lotId: number; hammer: number; commission: number; proceeds: number },
    ) {
      const h = await repo.lock(p.holdingId, tx);
      if (!h) throw notFound();
      const at = now();
      const consignment = await repo.listedForLot(p, tx);
      if (consignment) {
        await repo.moveDelegation(
          { id: consignment.id, from: 'listed' },
          { status: 'sold', hammerPrice: p.hammer, commission: p.commission, proceeds: p.proceeds, settledAt: at },
          tx,
        );
      }
      // The sale and the buyer's win are one moment: when the win is already recorded, the
      // sale takes its time, and the history lists the sale first.
      const last = await repo.lastEvent(h.id, tx);
      if (last?.event === 'sold' && last.ref === ref.lot(p.lotId)) return;
      const won = last?.event === 'won' ? last.at : undefined;
      await repo.addEvents(
        [{ holdingId: h.id, event: 'sold', price: p.hammer, ref: ref.lot(p.lotId), at: won ?? at }],
        tx,
      );
    },

    /** The holdings an order created, with their owner. */
    async ofOrder(orderId: number) {
      return (await repo.ofOrder(orderId)).map((r) => ({ ...toHolding(r), ownerId: r.ownerId }));
    },

    // ------------------------------------------------------------ operators

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
        withPicks(rows),
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

    async adminPicks(q: { status?: PickStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.adminPicks({
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await adminPickViews(rows), total, q);
    },

    /** Ships a pending pick-up with its carrier and tracking number; audited; the member is told. */
    async ship(actor: Actor, input: { id: number; carrier: string; trackingNo: string }): Promise<AdminPick> {
      const shipped = await db.transaction(async (tx) => {
        const at = now();
        const p = await repo.movePick(
          { id: input.id, from: 'pending' },
          {
            status: 'shipped',
            carrier: input.carrier,
            trackingNo: input.trackingNo,
            shippedAt: at,
            shippedBy: actor?.operatorId ?? null,
          },
          tx,
        );
        if (!p) {
          const existing = await repo.pick(input.id, tx);
          if (!existing) throw notFound();
          throw unavailable({ status: existing.status });
        }
        const pieces = await repo.moveOfPick(p.id, { status: 'shipped' }, tx);
        await repo.addEvents(
          events(
            pieces.map((h) => h.id),
            { event: 'shipped', ref: ref.pick(p.id), at },
          ),
          tx,
        );
        await d.audit.record(tx, actor, {
          action: 'pick.ship',
          targetType: 'pick',
          targetId: p.id,
          before: { status: 'pending' },
          after: { status: 'shipped', carrier: p.carrier, trackingNo: p.trackingNo },
        });
        const [view] = await adminPickViews([p], tx);
        return view!;
      });
      const title =
        shipped.holdings.length > 1
          ? `${shipped.holdings[0]!.title} 等${shipped.holdings.length}件`
          : (shipped.holdings[0]?.title ?? '');
      // After the commit: the pick is shipped whatever happens to the message, so a failed
      // text never turns the operator's success into an error they would retry.
      await d.notices
        .send(
          shipped.memberId,
          { kind: 'shipped', pickId: shipped.id, title, at: shipped.shippedAt! },
          { sms: pickShippedSms(shipped.holdings, input) },
        )
        .catch(() => undefined);
      return shipped;
    },

    async adminDelegations(q: { status?: DelegationStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.delegationPage({
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await adminDelegationViews(rows), total, q);
    },

    /**
     * Reviews a pending consignment: approved, the piece becomes a lot (through auctions)
     * and the consignment is `listed`; rejected with a reason, the piece is held again.
     */
    async review(actor: Actor, input: DelegationReviewInput): Promise<AdminDelegation> {
      // The catalogue's particulars are read before the transaction (a holding's product never changes).
      const pending = input.approve ? await repo.delegation(input.id) : undefined;
      const piece = pending ? await repo.find(pending.holdingId) : undefined;
      const product = await productOf(piece?.productId ?? null);
      return db.transaction(async (tx) => {
        const at = now();
        const before = await repo.lockDelegation(input.id, tx);
        if (!before) throw notFound();
        if (before.status !== 'pending') throw unavailable({ status: before.status });
        let row: DelegationRow;
        if (input.approve) {
          const h = await repo.lock(before.holdingId, tx);
          if (!h || h.status !== 'delegated' || h.ownerId !== before.memberId) throw unavailable();
          const lot = await d.auctions.createLot(tx, {
            holdingId: h.id,
            consignorId: before.memberId,
            delegationId: before.id,
            title: h.title,
            cover: h.cover,
            images: product?.images.length ? product.images : h.images.length > 0 ? h.images : [h.cover],
            description: product?.description ?? '',
            era: product?.era ?? '',
            material: product?.material ?? '',
            dimensions: product?.dimensions ?? '',
            provenance: product?.provenance ?? '',
            startPrice: input.startPrice!,
            reservePrice: before.reservePrice,
            startsAt: input.startsAt!,
            endsAt: input.endsAt!,
            sessionId: input.sessionId ?? null,
          });
          row = (await repo.moveDelegation(
            { id: before.id, from: 'pending' },
            { status: 'listed', lotId: lot.id, reviewedBy: actor?.operatorId ?? null, reviewedAt: at },
            tx,
          ))!;
          await repo.addEvents([{ holdingId: h.id, event: 'listed', ref: ref.lot(lot.id), at }], tx);
        } else {
          row = (await repo.moveDelegation(
            { id: before.id, from: 'pending' },
            { status: 'rejected', rejectReason: input.reason!, reviewedBy: actor?.operatorId ?? null, reviewedAt: at },
            tx,
          ))!;
          await returnPiece(tx, row.holdingId, at, ref.delegation(row.id));
        }
        await d.audit.record(tx, actor, {
          action: input.approve ? 'delegation.approve' : 'delegation.reject',
          targetType: 'delegation',
          targetId: row.id,
          before: { status: before.status },
          after: {
            status: row.status,
            ...(row.lotId !== null ? { lotId: row.lotId, startPrice: input.startPrice } : {}),
            ...(row.rejectReason !== null ? { reason: row.rejectReason } : {}),
          },
        });
        return (await adminDelegationViews([row], tx))[0]!;
      });
    },
  };
}
export type CustodyService = ReturnType<typeof createCustodyService>;
