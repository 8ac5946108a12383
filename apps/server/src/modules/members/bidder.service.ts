import crypto from 'node:crypto';
import { maskPhone } from '@antique/shared';
import type { DbOrTx } from '../../db/client.js';
import { batchLookup } from '../../lib/batch-lookup.js';
import { fail, notFound } from '../../lib/domain-error.js';
import type { MembersRepository } from './members.repository.js';

/** Who bids: the verified identity behind an account (decision 008). */
export interface Bidder {
  /** HMAC-SHA256 of the verified ID number under the app secret: one key per person, never the number itself. */
  key: string;
  /** The account as the public bid history shows it (`138****0001`). */
  publicId: string;
}

/**
 * The bidder key of a verified member. Accounts that share an ID number get the same key,
 * so they raise one max bid and a consignor's other accounts count as the consignor. The
 * ID number is upper-cased first (a final `x` and `X` are the same check digit).
 */
export function createBidderService(d: { repo: MembersRepository; secret: string }) {
  // Every bid asks who bids: the bids of one turn, in one query.
  const identity = batchLookup(
    async (ids: readonly number[]) => new Map((await d.repo.identities(ids)).map((r) => [r.id, r])),
  );
  const identityOf = (memberId: number, tx?: DbOrTx) => (tx ? d.repo.identity(memberId, tx) : identity(memberId));
  const keyOf = (idNumber: string) =>
    crypto.createHmac('sha256', d.secret).update(`bidder:${idNumber.trim().toUpperCase()}`).digest('hex');

  return {
    /** 403 REAL_NAME_REQUIRED unless the member's real name is verified. */
    async bidderOf(memberId: number, tx?: DbOrTx): Promise<Bidder> {
      const row = await identityOf(memberId, tx);
      if (!row) throw notFound();
      if (row.realNameStatus !== 'verified' || !row.idNumber) throw fail('REAL_NAME_REQUIRED');
      return { key: keyOf(row.idNumber), publicId: maskPhone(row.phone) };
    },

    /** The bidder key when the member is verified, otherwise null (for read-only views). */
    async bidderKeyIfVerified(memberId: number, tx?: DbOrTx): Promise<string | null> {
      const row = await identityOf(memberId, tx);
      return row?.realNameStatus === 'verified' && row.idNumber ? keyOf(row.idNumber) : null;
    },

    /**
     * Whose money may leave: the verified real name in full (null until verified), which a
     * withdrawal's account must be in, and whether a trade password is set.
     */
    async payee(memberId: number, tx?: DbOrTx): Promise<{ realName: string | null; hasTradePassword: boolean }> {
      const row = await d.repo.find(memberId, tx);
      if (!row) throw notFound();
      return {
        realName: row.realNameStatus === 'verified' && row.realName ? row.realName : null,
        hasTradePassword: row.tradePasswordHash !== null,
      };
    },

    /** The phones in full of several members, for the texts the server sends them (one read). */
    async phonesInFull(memberIds: number[], tx?: DbOrTx): Promise<Map<number, string>> {
      const rows = await d.repo.phones([...new Set(memberIds)], tx);
      return new Map(rows.map((r) => [r.id, r.phone]));
    },
  };
}
export type BidderService = ReturnType<typeof createBidderService>;
