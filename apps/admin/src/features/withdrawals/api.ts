import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalsApi, type RouteInput } from '@antique/shared/routes';
import type { AdminWithdrawal, WithdrawalStatus } from '@antique/shared';
import { download } from '../../lib/download';
import { call } from '../../lib/request';

export type { AdminWithdrawal, WithdrawalStatus };
export type WithdrawalListParams = RouteInput<typeof withdrawalsApi.adminList>;

/** The finance team's words for each status. */
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: '待审核',
  approved: '待打款',
  paid: '已打款',
  rejected: '已驳回',
};

export const WITHDRAWAL_STATUS_COLORS: Record<WithdrawalStatus, string> = {
  pending: 'gold',
  approved: 'processing',
  paid: 'success',
  rejected: 'error',
};

export const withdrawalKeys = {
  all: ['admin', 'withdrawals'] as const,
  list: (params: WithdrawalListParams) => [...withdrawalKeys.all, 'list', params] as const,
};

export const withdrawalQueries = {
  list: (params: WithdrawalListParams) =>
    queryOptions({
      queryKey: withdrawalKeys.list(params),
      queryFn: ({ signal }) => call(withdrawalsApi.adminList, params, { signal }),
    }),
};

export type WithdrawalStep =
  | { id: number; step: 'approve' }
  | { id: number; step: 'paid'; reference: string; note?: string }
  | { id: number; step: 'reject'; reason: string };

/** Approve, reject with a reason, or mark paid; the queue refreshes after. */
export function useWithdrawalStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (s: WithdrawalStep) => {
      if (s.step === 'reject') return call(withdrawalsApi.adminReject, { id: s.id, reason: s.reason });
      if (s.step === 'paid')
        return call(withdrawalsApi.adminPaid, {
          id: s.id,
          reference: s.reference,
          ...(s.note ? { note: s.note } : {}),
        });
      return call(withdrawalsApi.adminApprove, { id: s.id });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}

/** Saves the withdrawals' CSV for a status and a date range; returns the file's name. */
export const exportWithdrawals = (input: RouteInput<typeof withdrawalsApi.adminExport>, fileName: string) =>
  download(withdrawalsApi.adminExport, input, fileName, { preferServerName: false });
