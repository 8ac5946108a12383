import { protectApi, type RouteOutput } from '@antique/shared/routes';
import type { Claim, ClaimInput, LotOffer } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export const claimListKey = ['protect', 'claims'] as const;
export const offerListKey = ['protect', 'offers'] as const;

/** The guarantee's days after receipt (a setting the house may change). */
export function useClaimTermsQuery() {
  return useQuery({ queryKey: ['protect', 'terms'], queryFn: () => call(protectApi.claimTerms, {}) });
}

export function submitClaim(input: ClaimInput): Promise<Claim> {
  return call(protectApi.claim, input);
}

/** The member's claims, read afresh each time: operators decide them from the console. */
export function useClaimPages() {
  return usePagedQuery<Claim, RouteOutput<typeof protectApi.claimList>>(
    claimListKey,
    (page) => call(protectApi.claimList, { page, pageSize: PAGE_SIZE }),
    { staleTime: 0 },
  );
}

export function useOfferPages() {
  return usePagedQuery<LotOffer, RouteOutput<typeof protectApi.offerList>>(
    offerListKey,
    (page) => call(protectApi.offerList, { page, pageSize: PAGE_SIZE }),
    { staleTime: 0 },
  );
}

/** Accepts an offer; the server answers an accepted offer as it is, so a retry never orders twice. */
export function acceptOffer(id: number, tradePassword: string, idempotencyKey: string): Promise<LotOffer> {
  return call(protectApi.offerAccept, { id, tradePassword }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** Days left to claim a piece received at `receivedAt` (0 once the window closed). */
export function claimDaysLeft(receivedAt: number, guaranteeDays: number, now: number): number {
  const end = receivedAt + guaranteeDays * 86_400_000;
  return end <= now ? 0 : Math.ceil((end - now) / 86_400_000);
}
