import { catalogueApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { CatalogueService } from '../../modules/catalogue/catalogue.service.js';
import type { ProductListingFlow } from '../../flows/product-listing.flow.js';

/** Categories, products and banners. */
export function adminCatalogueRoutes(
  app: FastifyInstance,
  { route, catalogue, listing }: { route: Route; catalogue: CatalogueService; listing: ProductListingFlow },
) {
  route(app, catalogueApi.adminCategories, () => catalogue.categories());
  route(app, catalogueApi.adminCreateCategory, ({ actor, input }) => catalogue.createCategory(actor, input));
  route(app, catalogueApi.adminUpdateCategory, ({ actor, input: { id, ...input } }) =>
    catalogue.updateCategory(actor, id, input),
  );
  route(app, catalogueApi.adminDeleteCategory, ({ actor, input }) => catalogue.deleteCategory(actor, input.id));

  route(app, catalogueApi.adminProducts, ({ input }) => catalogue.adminProducts(input));
  route(app, catalogueApi.adminCreateProduct, ({ actor, input }) => listing.createProduct(actor, input));
  route(app, catalogueApi.adminProduct, ({ input }) => catalogue.adminProduct(input.id));
  route(app, catalogueApi.adminUpdateProduct, ({ actor, input: { id, ...input } }) =>
    listing.updateProduct(actor, id, input),
  );

  route(app, catalogueApi.adminBanners, ({ input }) => catalogue.adminBanners(input.position));
  route(app, catalogueApi.adminCreateBanner, ({ actor, input }) => catalogue.createBanner(actor, input));
  route(app, catalogueApi.adminUpdateBanner, ({ actor, input: { id, ...input } }) =>
    catalogue.updateBanner(actor, id, input),
  );
  route(app, catalogueApi.adminDeleteBanner, ({ actor, input }) => catalogue.deleteBanner(actor, input.id));
}
