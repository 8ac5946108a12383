import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsApi, walletApi, type RouteInput } from '@antique/shared/routes';
import type { AdminMemberDetail } from '@antique/shared';
import { call } from '../../lib/request';
import { ledgerKeys } from '../ledger/api';

export type MemberListParams = RouteInput<typeof accountsApi.adminList>;
export type MemberDetail = AdminMemberDetail;
export type FreezeInput = Omit<RouteInput<typeof accountsApi.adminFreeze>, 'id'>;
export type DepositInput = Omit<RouteInput<typeof walletApi.adminDeposit>, 'id'>;

export const memberKeys = {
  all: ['admin', 'members'] as const,
  list: (params: MemberListParams) => [...memberKeys.all, 'list', params] as const,
  detail: (id: number) => [...memberKeys.all, 'detail', id] as const,
};

export const memberQueries = {
  list: (params: MemberListParams) =>
    queryOptions({
      queryKey: memberKeys.list(params),
      queryFn: ({ signal }) => call(accountsApi.adminList, params, { signal }),
    }),
};

export function useMember(id: number) {
  return useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) => call(accountsApi.adminDetail, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useFreezeMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FreezeInput) => call(accountsApi.adminFreeze, { ...input, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

export function useDepositToMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: DepositInput; idempotencyKey: string }) =>
      call(walletApi.adminDeposit, { ...input, id }, { idempotencyKey }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
      ]),
  });
}
