import type {
  AdminClaim,
  AdminClaimDetail,
  Claim,
  ClaimInput,
  ClaimReason,
  ClaimStatus,
  ClaimTerms,
  Order,
} from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, invalidField, notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { createClaimsRepository, type ClaimRow } from './claims.repository.js';
import { createCustodyRepository } from './custody.repository.js';
import type { MembersLookup } from './custody-views.js';

const DAY_MS = 86_400_000;

const toClaim = (r: ClaimRow, piece: { title: string; cover: string } | undefined): Claim => ({
  id: r.id,
  holdingId: r.holdingId,
  title: piece?.title ?? '',
  cover: piece?.cover ?? '',
  reason: r.reason as ClaimReason,
  text: r.text,
  photos: r.photos,
  status: r.status,
  amount: r.amount,
  decisionReason: r.decisionReason,
  createdAt: r.createdAt.getTime(),
  decidedAt: r.decidedAt?.getTime() ?? null,
});

/**
 * What a buyer paid for one piece of an order: an auction order is that piece, its hammer
 * and the buyer's premium; a mall order's piece is its line's unit price.
 */
export function paidForPiece(order: Order, piece: { productId: number | null; acquiredPrice: number }): number {
  if (order.source === 'auction') return order.goodsAmount + order.premium;
  const line = order.items.find((i) => i.productId !== null && i.productId === piece.productId);
  return line?.price ?? piece.acquiredPrice;
}

/**
 * The house's guarantee (PRODUCT.md): a buyer claims a piece they received, within the
 * settings' days after receipt, with a reason, a text and photos; operators decide (the
 * decision itself moves money and the piece: `flows/claim-decision.flow.ts`). One live
 * claim a piece, decided by the partial unique index, so two taps never make two.
 */
export function createClaimsService(d: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  uploads: Pick<UploadsService, 'ownedKey'>;
  orders: Pick<OrdersService, 'info' | 'adminInfo'>;
  members: MembersLookup;
  operatorNames: (ids: number[]) => Promise<Map<number, string>>;
}) {
  const repo = createClaimsRepository(d.db);
  const custody = createCustodyRepository(d.db);

  async function pieces(rows: ClaimRow[]) {
    const list = await custody.byIds([...new Set(rows.map((r) => r.holdingId))]);
    return new Map(list.map((h) => [h.id, h]));
  }

  async function adminViews(rows: ClaimRow[]): Promise<AdminClaim[]> {
    const deciders = [...new Set(rows.flatMap((r) => (r.decidedBy !== null ? [r.decidedBy] : [])))];
    const [byId, phones, names] = await Promise.all([
      pieces(rows),
      d.members.phonesOf([...new Set(rows.map((r) => r.memberId))]),
      deciders.length > 0 ? d.operatorNames(deciders) : Promise.resolve(new Map<number, string>()),
    ]);
    return rows.map((r) => ({
      ...toClaim(r, byId.get(r.holdingId)),
      memberId: r.memberId,
      memberPhone: phones.get(r.memberId) ?? '',
      orderId: r.orderId,
      decidedBy: r.decidedBy !== null ? (names.get(r.decidedBy) ?? `#${r.decidedBy}`) : null,
    }));
  }

  return {
    async terms(): Promise<ClaimTerms> {
      return { guaranteeDays: await d.settings.get('guaranteeDays') };
    },

    /** A member's claim on a piece they received (404 for anyone else's piece). */
    async submit(memberId: number, input: ClaimInput): Promise<Claim> {
      const owner = { type: 'member' as const, id: memberId };
      const keys = await Promise.all(input.photos.map((p) => d.uploads.ownedKey(owner, 'claim', p)));
      if (keys.some((k) => k === undefined)) throw invalidField('photos');
      const piece = await custody.find(input.holdingId);
      if (!piece || piece.ownerId !== memberId) throw notFound();
      const pick = piece.pickId !== null ? await custody.pick(piece.pickId) : undefined;
      if (piece.status !== 'received' || !pick?.receivedAt || piece.orderId === null) throw fail('CLAIM_NOT_RECEIVED');
      const days = await d.settings.get('guaranteeDays');
      const now = d.clock.now();
      if (now > pick.receivedAt.getTime() + days * DAY_MS) throw fail('CLAIM_WINDOW_CLOSED', { days });
      const order = await d.orders.info(memberId, piece.orderId);
      if (order.status !== 'paid') throw fail('CLAIM_NOT_RECEIVED');
      const row = await repo.insert({
        holdingId: piece.id,
        memberId,
        orderId: order.id,
        reason: input.reason,
        text: input.text,
        photos: keys.map((k) => `/files/${k!}`),
        status: 'pending',
        amount: paidForPiece(order, piece),
        createdAt: new Date(now),
      });
      if (!row) throw fail('CLAIM_EXISTS');
      return toClaim(row, piece);
    },

    async list(memberId: number, q: { page: number; pageSize: number }) {
      const { rows, total } = await repo.memberPage({ memberId, limit: q.pageSize, offset: offsetOf(q) });
      const byId = await pieces(rows);
      return pageResult(
        rows.map((r) => toClaim(r, byId.get(r.holdingId))),
        total,
        q,
      );
    },

    async adminList(q: { status?: ClaimStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.adminPage({
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await adminViews(rows), total, q);
    },

    /** One claim with the piece's whole history (operators read it all), its order and receipt. */
    async adminDetail(id: number): Promise<AdminClaimDetail> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      const piece = (await custody.find(row.holdingId))!;
      const [[view], history, pick, order] = await Promise.all([
        adminViews([row]),
        custody.eventsOf([row.holdingId]),
        piece.pickId !== null ? custody.pick(piece.pickId) : Promise.resolve(undefined),
        row.orderId !== null ? d.orders.adminInfo(row.orderId) : Promise.resolve(undefined),
      ]);
      return {
        ...view!,
        receivedAt: pick?.receivedAt?.getTime() ?? null,
        holdingStatus: piece.status,
        holdingOwnerId: piece.ownerId,
        history: history.map((e) => ({
          at: e.at.getTime(),
          event: e.event,
          ...(e.price !== null ? { price: e.price } : {}),
          ...(e.ref !== null ? { ref: e.ref } : {}),
        })),
        order: order
          ? {
              id: order.id,
              orderNo: order.orderNo,
              source: order.source,
              goodsAmount: order.goodsAmount,
              premium: order.premium,
              amount: order.amount,
              paidAt: order.paidAt ?? null,
            }
          : null,
      };
    },

    /** The claim locked for a decision, pending (409 CLAIM_DECIDED otherwise), with its piece's title. */
    async lockPending(tx: Tx, id: number) {
      const row = await repo.lock(id, tx);
      if (!row) throw notFound();
      if (row.status !== 'pending') throw fail('CLAIM_DECIDED');
      const piece = await custody.find(row.holdingId, tx);
      return { ...row, title: piece?.title ?? '' };
    },

    /** Records the decision of a claim locked by `lockPending`. */
    async markDecided(
      tx: Tx,
      id: number,
      p: { accept: boolean; reason: string; operatorId: number | null },
    ): Promise<ClaimRow> {
      const row = await repo.decide(
        id,
        {
          status: p.accept ? 'accepted' : 'rejected',
          decisionReason: p.reason,
          decidedBy: p.operatorId,
          decidedAt: new Date(d.clock.now()),
        },
        tx,
      );
      if (!row) throw fail('CLAIM_DECIDED');
      return row;
    },

    /**
     * An accepted claim's piece back to the house, in the decision's transaction: no longer
     * the buyer's, held by the house out of the product's inventory (a piece claimed as not
     * as described is never sold again as one of its units), its history recording the
     * return with what was refunded.
     */
    async returnToHouse(tx: Tx, p: { holdingId: number; memberId: number; claimId: number; refund: number }) {
      const h = await custody.lock(p.holdingId, tx);
      if (!h || h.ownerId !== p.memberId || h.status !== 'received') throw fail('HOLDING_NOT_AVAILABLE');
      await custody.update(h.id, { ownerId: null, status: 'held', productId: null, orderId: null, pickId: null }, tx);
      await custody.addEvents(
        [
          {
            holdingId: h.id,
            event: 'claim_returned',
            price: p.refund,
            ref: `claim:${p.claimId}`,
            at: new Date(d.clock.now()),
          },
        ],
        tx,
      );
    },

    /** The console's queue count. */
    pendingCount: () => repo.pendingCount(),
  };
}
export type ClaimsService = ReturnType<typeof createClaimsService>;
