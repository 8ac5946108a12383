import type { AdminProduct, ProductInput } from '@antique/shared';
import type { Actor } from '../modules/audit/audit.service.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { SavedSearchesService } from '../modules/messages/saved-searches.service.js';

/**
 * The operators' product editor: the catalogue writes the product (its search terms with
 * it), and after the commit a product that has just gone on sale is announced to the
 * saved searches it matches (issue 18; each search hears of it once).
 */
export function createProductListingFlow(d: {
  catalogue: Pick<CatalogueService, 'createProduct' | 'updateProduct' | 'adminProduct'>;
  savedSearches: Pick<SavedSearchesService, 'announceProduct'>;
}) {
  return {
    async createProduct(actor: Actor, input: ProductInput): Promise<AdminProduct> {
      const product = await d.catalogue.createProduct(actor, input);
      if (product.onSale) await d.savedSearches.announceProduct(product.id);
      return product;
    },

    async updateProduct(actor: Actor, id: number, input: ProductInput): Promise<AdminProduct> {
      const wasOnSale = (await d.catalogue.adminProduct(id)).onSale;
      const product = await d.catalogue.updateProduct(actor, id, input);
      if (product.onSale && !wasOnSale) await d.savedSearches.announceProduct(product.id);
      return product;
    },
  };
}
export type ProductListingFlow = ReturnType<typeof createProductListingFlow>;
