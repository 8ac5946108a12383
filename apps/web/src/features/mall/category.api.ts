import type { Category } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/request';

export const categoriesKey = ['category', 'list'] as const;

/** GET /category/list: every category, two levels linked by parentId. */
export function fetchCategories(): Promise<Category[]> {
  return http.get<Category[]>('/category/list');
}

export function useCategoriesQuery() {
  return useQuery({ queryKey: categoriesKey, queryFn: fetchCategories, staleTime: 5 * 60_000 });
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
