import { queryOptions } from '@tanstack/react-query';
import { walletApi, type RouteInput } from '@antique/shared/routes';
import type { LedgerRow } from '@antique/shared';
import { download } from '../../lib/download';
import { call } from '../../lib/request';

/** A bill as the operators' ledger returns it: the member's bill and whose it is. */
export type LedgerEntry = LedgerRow;
export type LedgerParams = RouteInput<typeof walletApi.adminLedger>;

export const ledgerKeys = {
  all: ['admin', 'ledger'] as const,
  list: (params: LedgerParams) => [...ledgerKeys.all, 'list', params] as const,
};

export const ledgerQueries = {
  list: (params: LedgerParams) =>
    queryOptions({
      queryKey: ledgerKeys.list(params),
      queryFn: ({ signal }) => call(walletApi.adminLedger, params, { signal }),
    }),
};

/** Saves the ledger's CSV for a member, a type and a date range; returns the file's name. */
export const exportBills = (input: RouteInput<typeof walletApi.adminExportBills>, fileName: string) =>
  download(walletApi.adminExportBills, input, fileName, { preferServerName: false });
