import type { Product } from '@antique/shared';

/** A mall product as `product/info` answers it, on sale with five in stock; `patch` sets what a test is about. */
export function productFixture(id: number, patch: Partial<Product> = {}): Product {
  return {
    id,
    title: `藏品${id}`,
    cover: '',
    price: 50_000,
    marketPrice: 60_000,
    stock: 5,
    sales: 0,
    categoryId: 1,
    tags: [],
    images: [],
    description: '',
    era: '',
    material: '',
    dimensions: '',
    provenance: '',
    collected: false,
    onSale: true,
    ...patch,
  };
}
