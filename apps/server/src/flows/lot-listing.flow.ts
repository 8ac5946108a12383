import type { AdminDelegation, AdminLot, DelegationReviewInput, HouseLotInput } from '@antique/shared';
import type { Db } from '../db/client.js';
import { DomainError, invalidField } from '../lib/domain-error.js';
import { FILE_URL } from '../lib/file-url.js';
import { sanitizeRichText } from '../lib/rich-text.js';
import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import type { Actor, AuditService } from '../modules/audit/audit.service.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';
import type { SavedSearchesService } from '../modules/messages/saved-searches.service.js';

/**
 * A piece goes up as a lot (decision 008, "One piece, one place"), in one transaction,
 * audited: a unit of the house's inventory (catalogue, custody, auctions), or a member's
 * consignment approved by operators (custody, auctions); a rejected consignment's piece is
 * held again.
 */
export function createLotListingFlow(d: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  catalogue: Pick<CatalogueService, 'takeUnit' | 'adminProduct' | 'departmentOf'>;
  custody: CustodyService;
  auctions: Pick<AuctionsService, 'createLot' | 'adminLotById'>;
  /** A new lot announced to the saved searches it matches, after the commit (issue 18). */
  savedSearches?: Pick<SavedSearchesService, 'announceLot'>;
}) {
  /** The product's photographs, description and particulars, when the piece is one of the catalogue's. */
  async function particularsOf(productId: number | null) {
    if (productId === null) return undefined;
    try {
      return await d.catalogue.adminProduct(productId);
    } catch (e) {
      if (e instanceof DomainError && e.reason === 'NOT_FOUND') return undefined;
      throw e;
    }
  }

  return {
    /**
     * A house lot made from one free unit of a product's inventory: the unit leaves the
     * mall (409 PIECE_NOT_AVAILABLE when none is free), the house's piece goes up as the
     * lot, and comes back to inventory if it does not sell.
     */
    async createHouseLot(actor: Actor, input: HouseLotInput): Promise<AdminLot> {
      // Pictures come from the house's own upload store, as a product's do.
      if (input.images && !input.images.every((url) => FILE_URL.test(url))) throw invalidField('images');
      const id = await d.db.transaction(async (tx) => {
        const piece = await d.catalogue.takeUnit(tx, input.productId);
        const images = input.images ?? piece.images.slice(0, 9);
        const title = input.title ?? piece.title.slice(0, 60);
        const cover = images[0]!;
        const holding = await d.custody.houseHolding(tx, { productId: piece.id, title, cover, images });
        const lot = await d.auctions.createLot(tx, {
          holdingId: holding.id,
          consignorId: null,
          delegationId: null,
          title,
          cover,
          images,
          description: input.description !== undefined ? sanitizeRichText(input.description) : piece.description,
          era: input.era ?? piece.era,
          material: input.material ?? piece.material,
          dimensions: input.dimensions ?? piece.dimensions,
          provenance: piece.provenance,
          startPrice: input.startPrice,
          reservePrice: input.reservePrice ?? null,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          sessionId: input.sessionId ?? null,
          productId: piece.id,
          categoryId: piece.categoryId,
          department: await d.catalogue.departmentOf(piece.categoryId, tx),
        });
        await d.custody.lotListed(tx, { holdingId: holding.id, lotId: lot.id });
        await d.audit.record(tx, actor, {
          action: 'auction.lot.create',
          targetType: 'lot',
          targetId: lot.id,
          after: { ...input, holdingId: holding.id },
        });
        return lot.id;
      });
      await d.savedSearches?.announceLot(id);
      return d.auctions.adminLotById(id);
    },

    /**
     * Reviews a pending consignment: approved, the piece becomes a lot and the consignment
     * is `listed`; rejected with a reason, the piece is held again.
     */
    async reviewConsignment(actor: Actor, input: DelegationReviewInput): Promise<AdminDelegation> {
      // The catalogue's particulars are read before the transaction (a holding's product never changes).
      const product = input.approve ? await particularsOf(await d.custody.consignedProductId(input.id)) : undefined;
      const view = await d.db.transaction(async (tx) => {
        const pending = await d.custody.lockPendingConsignment(tx, input.id);
        const reviewer = actor?.operatorId ?? null;
        let decision: { reviewer: number | null } & ({ lotId: number } | { reason: string });
        if (input.approve) {
          const h = await d.custody.consignedPiece(tx, pending);
          const lot = await d.auctions.createLot(tx, {
            holdingId: h.id,
            consignorId: pending.memberId,
            delegationId: pending.id,
            title: h.title,
            cover: h.cover,
            images: product?.images.length ? product.images : h.images.length > 0 ? h.images : [h.cover],
            description: product?.description ?? '',
            era: product?.era ?? '',
            material: product?.material ?? '',
            dimensions: product?.dimensions ?? '',
            provenance: product?.provenance ?? '',
            startPrice: input.startPrice!,
            reservePrice: pending.reservePrice,
            startsAt: input.startsAt!,
            endsAt: input.endsAt!,
            sessionId: input.sessionId ?? null,
            productId: product?.id ?? null,
            categoryId: product?.categoryId ?? null,
            department: product ? await d.catalogue.departmentOf(product.categoryId, tx) : '',
          });
          decision = { reviewer, lotId: lot.id };
        } else {
          decision = { reviewer, reason: input.reason! };
        }
        const reviewed = await d.custody.consignmentReviewed(tx, pending, decision);
        await d.audit.record(tx, actor, {
          action: input.approve ? 'delegation.approve' : 'delegation.reject',
          targetType: 'delegation',
          targetId: reviewed.id,
          before: { status: pending.status },
          after: {
            status: reviewed.status,
            ...(reviewed.lotId !== null ? { lotId: reviewed.lotId, startPrice: input.startPrice } : {}),
            ...(reviewed.rejectReason !== null ? { reason: reviewed.rejectReason } : {}),
          },
        });
        return d.custody.adminConsignmentView(reviewed, tx);
      });
      if (view.lotId) await d.savedSearches?.announceLot(view.lotId);
      return view;
    },
  };
}
export type LotListingFlow = ReturnType<typeof createLotListingFlow>;
