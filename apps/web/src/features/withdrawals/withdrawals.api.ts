import { withdrawalsApi, type RouteOutput } from '@antique/shared/routes';
import type { WithdrawInput, Withdrawal } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export type WithdrawRecordPage = RouteOutput<typeof withdrawalsApi.record>;
export type WithdrawConfig = RouteOutput<typeof withdrawalsApi.config>;

export const withdrawConfigKey = ['asset', 'withdraw', 'config'] as const;
export const withdrawRecordKey = ['asset', 'withdraw', 'record'] as const;

/**
 * The house's limits and fee, today's count, the balance and the verified name the account must be in.
 * Read afresh each time the page opens: the trade password set a moment ago, a verification just
 * approved or a limit an operator changed must show at once, not after the app's 30 s.
 */
export function useWithdrawConfigQuery() {
  return useQuery({ queryKey: withdrawConfigKey, queryFn: () => call(withdrawalsApi.config, {}), staleTime: 0 });
}

/** Asks for a withdrawal; a retry with the same key never freezes twice. */
export function requestWithdrawal(input: WithdrawInput, idempotencyKey: string): Promise<Withdrawal> {
  return call(withdrawalsApi.withdraw, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useWithdrawRecordPages() {
  // Finance approves, pays or rejects from the console: the record is read afresh each time it opens.
  return usePagedQuery<Withdrawal, WithdrawRecordPage>(
    withdrawRecordKey,
    (page) => call(withdrawalsApi.record, { page, pageSize: PAGE_SIZE }),
    { staleTime: 0 },
  );
}
