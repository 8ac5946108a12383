import type { AdminDelegation, AdminPick, Delegation, Holding, Pick as PickView } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { fail } from '../../lib/domain-error.js';
import type { MembersService } from '../members/members.service.js';
import type {
  CustodyRepository,
  DelegationRow,
  HoldingEventInsert,
  HoldingEventRow,
  HoldingRow,
  PickRow,
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

export const toPick = (p: PickRow, holdingIds: number[]): PickView => ({
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

export const toDelegation = (d: DelegationRow, holding: Holding): Delegation => ({
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
export function historyForOwner(events: HoldingEventRow[]) {
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

export const unavailable = (extra: Record<string, unknown> = {}) => fail('HOLDING_NOT_AVAILABLE', extra);

/** What a history entry points at. */
export const ref = {
  order: (id: number) => `order:${id}`,
  lot: (id: number) => `lot:${id}`,
  pick: (id: number) => `pick:${id}`,
  delegation: (id: number) => `delegation:${id}`,
};

/** One event for each of several pieces. */
export const events = (holdingIds: readonly number[], e: Omit<HoldingEventInsert, 'holdingId'>): HoldingEventInsert[] =>
  holdingIds.map((holdingId) => ({ holdingId, ...e }));

/** What custody reads of members: phones to show operators, ids to find by phone. */
export interface MembersLookup {
  phonesOf: MembersService['phonesOf'];
  idsByPhone: MembersService['idsByPhone'];
}

/** The views that need more rows than their own: a holding's pick-up, a consignment's piece, a member's phone. */
export function createCustodyViews(d: { db: Db; repo: CustodyRepository; members: MembersLookup }) {
  const { db, repo } = d;

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

  async function pickView(p: PickRow, tx: Db | Tx = db): Promise<PickView> {
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

  return { withPicks, pickView, delegationViews, adminPickViews, adminDelegationViews };
}
export type CustodyViews = ReturnType<typeof createCustodyViews>;
