import { queryOptions } from '@tanstack/react-query';
import { auditApi, type RouteInput } from '@antique/shared/routes';
import type { AuditRow } from '@antique/shared';
import { call } from '../../lib/request';

export type { AuditRow };
export type AuditParams = RouteInput<typeof auditApi.list>;

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (params: AuditParams) => [...auditKeys.all, 'list', params] as const,
};

export const auditQueries = {
  list: (params: AuditParams) =>
    queryOptions({
      queryKey: auditKeys.list(params),
      queryFn: ({ signal }) => call(auditApi.list, params, { signal }),
    }),
};
