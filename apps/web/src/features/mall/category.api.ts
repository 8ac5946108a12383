import { catalogueApi } from '@antique/shared/routes';
import type { Category } from '@antique/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

export const categoriesKey = ['category', 'list'] as const;

/** Every category, two levels linked by parentId. */
export function fetchCategories(): Promise<Category[]> {
  return call(catalogueApi.categories, {});
}

export const categoriesQuery = queryOptions({
  queryKey: categoriesKey,
  queryFn: fetchCategories,
  staleTime: 5 * 60_000,
});

export function useCategoriesQuery() {
  return useQuery(categoriesQuery);
}

const bySort = (a: Category, b: Category) => a.sort - b.sort || a.id - b.id;

/** The top level, in the operators' order. */
export function topCategories(categories: readonly Category[]): Category[] {
  return categories.filter((category) => category.parentId === null).sort(bySort);
}

/** The sub-categories of one top-level category, in the operators' order. */
export function childCategories(categories: readonly Category[], parentId: number): Category[] {
  return categories.filter((category) => category.parentId === parentId).sort(bySort);
}
