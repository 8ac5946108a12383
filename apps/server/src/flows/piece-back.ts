import type { Tx } from '../db/client.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';

/**
 * A lot that ends without a sale (closed unsold, or its order unpaid), inside the caller's
 * transaction: the piece back with its owner (custody), and when it is the house's unit of
 * a product, that unit back in inventory (catalogue).
 */
export async function pieceBack(
  tx: Tx,
  d: { custody: Pick<CustodyService, 'lotClosed'>; catalogue: Pick<CatalogueService, 'returnUnit'> },
  lot: { id: number; holdingId: number },
) {
  const { backToInventory } = await d.custody.lotClosed(tx, { holdingId: lot.holdingId, lotId: lot.id });
  if (backToInventory !== null) await d.catalogue.returnUnit(tx, backToInventory);
}
