import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMemberRow, Page } from '@antique/shared';
import { api } from '../../lib/request';
import { type LedgerEntry, ledgerKeys } from '../ledger/api';

export interface MemberListParams {
  keyword?: string;
  page: number;
  pageSize: number;
}

export interface MemberDetail extends AdminMemberRow {
  /** Masked by the server. */
  idNumber?: string;
  inviter: { id: number; phone: string } | null;
  teamCount: number;
}

export interface FreezeInput {
  frozen: boolean;
  reason: string;
}

export interface DepositInput {
  amount: number;
  remark: string;
}

export const memberKeys = {
  all: ['admin', 'members'] as const,
  list: (params: MemberListParams) => [...memberKeys.all, 'list', params] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
};

export const fetchMembers = (params: MemberListParams, signal?: AbortSignal) =>
  api.get<Page<AdminMemberRow>>('/members', { ...params }, signal);
export const fetchMember = (id: number, signal?: AbortSignal) => api.get<MemberDetail>(`/members/${id}`, {}, signal);
export const freezeMember = (id: number, input: FreezeInput) =>
  api.post<AdminMemberRow>(`/members/${id}/freeze`, input);
export const depositToMember = (id: number, input: DepositInput, idempotencyKey: string) =>
  api.post<LedgerEntry>(`/members/${id}/deposit`, input, idempotencyKey);

export const memberQueries = {
  list: (params: MemberListParams) =>
    queryOptions({ queryKey: memberKeys.list(params), queryFn: ({ signal }) => fetchMembers(params, signal) }),
};

export function useMember(id: number) {
  return useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) => fetchMember(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useFreezeMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FreezeInput) => freezeMember(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export function useDepositToMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: DepositInput; idempotencyKey: string }) =>
      depositToMember(id, input, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
      ]),
  });
}
