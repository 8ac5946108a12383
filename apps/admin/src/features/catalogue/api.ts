import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueApi, type RouteInput } from '@antique/shared/routes';
import type { AdminProduct, Category, CategoryInput, ProductInput } from '@antique/shared';
import { call } from '../../lib/request';

export type ProductListParams = RouteInput<typeof catalogueApi.adminProducts>;

export const catalogueKeys = {
  categories: ['admin', 'categories'] as const,
  products: ['admin', 'products'] as const,
  productList: (params: ProductListParams) => [...catalogueKeys.products, 'list', params] as const,
  // Apart from the lists: saving a product refreshes the lists, not the form being edited.
  product: (id: number) => ['admin', 'product', id] as const,
};

/** 409 with this reason: the category still has products or sub-categories. */
export const CATEGORY_IN_USE = 'CATEGORY_IN_USE';

const fetchProduct = (id: number, signal?: AbortSignal) => call(catalogueApi.adminProduct, { id }, { signal });
const saveProduct = (id: number | null, input: ProductInput) =>
  id === null ? call(catalogueApi.adminCreateProduct, input) : call(catalogueApi.adminUpdateProduct, { ...input, id });

export const catalogueQueries = {
  categories: () =>
    queryOptions({
      queryKey: catalogueKeys.categories,
      queryFn: ({ signal }) => call(catalogueApi.adminCategories, {}, { signal }),
    }),
  products: (params: ProductListParams) =>
    queryOptions({
      queryKey: catalogueKeys.productList(params),
      queryFn: ({ signal }) => call(catalogueApi.adminProducts, params, { signal }),
    }),
};

export function useCategories() {
  return useQuery(catalogueQueries.categories());
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CategoryInput }) =>
      id === null
        ? call(catalogueApi.adminCreateCategory, input)
        : call(catalogueApi.adminUpdateCategory, { ...input, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.categories }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(catalogueApi.adminDeleteCategory, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.categories }),
  });
}

/**
 * One product for its form: always fetched afresh on opening (the form must not start from
 * a copy another operator has since changed), never refetched behind the operator's typing.
 */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.product(id ?? 0),
    queryFn: ({ signal }) => fetchProduct(id ?? 0, signal),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ProductInput }) => saveProduct(id, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(catalogueKeys.product(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.products });
    },
  });
}

/**
 * Puts a product on or off sale. The PUT takes the whole product, so it is read afresh
 * first: a list row may be older than another operator's edit, which a PUT of the row
 * would silently undo.
 */
export function useSetProductOnSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, onSale }: { id: number; onSale: boolean }) => {
      const fresh = await fetchProduct(id);
      return saveProduct(id, { ...productToInput(fresh), onSale });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(catalogueKeys.product(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.products });
    },
  });
}

/** The full input a PUT needs, from a product as the server returned it. */
export function productToInput(p: AdminProduct): ProductInput {
  return {
    title: p.title,
    categoryId: p.categoryId,
    cover: p.cover,
    images: p.images,
    price: p.price,
    marketPrice: p.marketPrice,
    stock: p.stock,
    description: p.description,
    era: p.era,
    material: p.material,
    dimensions: p.dimensions,
    provenance: p.provenance,
    tags: p.tags,
    onSale: p.onSale,
  };
}

export interface CategoryOption {
  value: number;
  label: string;
}

/** Categories as select options, each sub-category after its parent as 「父 / 子」. */
export function categoryOptions(categories: readonly Category[]): CategoryOption[] {
  const bySort = (a: Category, b: Category) => a.sort - b.sort || a.id - b.id;
  const roots = categories.filter((c) => c.parentId === null).sort(bySort);
  const out: CategoryOption[] = [];
  for (const root of roots) {
    out.push({ value: root.id, label: root.name });
    for (const child of categories.filter((c) => c.parentId === root.id).sort(bySort)) {
      out.push({ value: child.id, label: `${root.name} / ${child.name}` });
    }
  }
  // A child whose parent is missing still has to be choosable.
  const listed = new Set(out.map((o) => o.value));
  for (const c of categories) if (!listed.has(c.id)) out.push({ value: c.id, label: c.name });
  return out;
}

export function categoryLabel(categories: readonly Category[] | undefined, id: number): string {
  return categoryOptions(categories ?? []).find((o) => o.value === id)?.label ?? `#${id}`;
}
