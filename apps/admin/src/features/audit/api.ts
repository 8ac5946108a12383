import { queryOptions } from '@tanstack/react-query';
import type { Page, auditRow } from '@antique/shared';
import type { z } from 'zod';
import { api } from '../../lib/request';

export type AuditRow = z.infer<typeof auditRow>;

export interface AuditParams {
  action?: string;
  operatorId?: number;
  page: number;
  pageSize: number;
}

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (params: AuditParams) => [...auditKeys.all, 'list', params] as const,
};

export const fetchAuditLog = (params: AuditParams, signal?: AbortSignal) =>
  api.get<Page<AuditRow>>('/audit', { ...params }, signal);

export const auditQueries = {
  list: (params: AuditParams) =>
    queryOptions({ queryKey: auditKeys.list(params), queryFn: ({ signal }) => fetchAuditLog(params, signal) }),
};
