import type { Page } from '@antique/shared';

export function pageResult<T>(list: T[], total: number, q: { page: number; pageSize: number }): Page<T> {
  return { list, total, page: q.page, pageSize: q.pageSize, hasMore: q.page * q.pageSize < total };
}

export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;
