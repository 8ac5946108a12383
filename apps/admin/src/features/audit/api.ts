import { keepPreviousData, useQuery } from '@tanstack/react-query';
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

export const fetchAuditLog = (params: AuditParams, signal?: AbortSignal) =>
  api.get<Page<AuditRow>>('/audit', { ...params }, signal);

export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: ['admin', 'audit', params],
    queryFn: ({ signal }) => fetchAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}
