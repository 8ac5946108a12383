import { maskPhone } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { createMemberTiesRepository } from './member-ties.repository.js';

/** An account as the bidding signals read it: masked phone, nickname, inviter, sign-in sources. */
export interface MemberTies {
  id: number;
  phoneMasked: string;
  nickname: string;
  inviterId: number | null;
  /** `ip` and `ip|user agent` of the account's sessions. */
  sources: { ip: string; userAgent: string | null }[];
}

/** Reads of the members' tables for the integrity module: who invited whom, where they signed in from. */
export function createMemberTiesService(d: { db: Db }) {
  const repo = createMemberTiesRepository(d.db);
  return {
    async tiesOf(ids: number[]): Promise<Map<number, MemberTies>> {
      const unique = [...new Set(ids)];
      const [rows, sources] = await Promise.all([repo.accounts(unique), repo.sessionSources(unique)]);
      const out = new Map<number, MemberTies>();
      for (const r of rows)
        out.set(r.id, {
          id: r.id,
          phoneMasked: maskPhone(r.phone),
          nickname: r.nickname,
          inviterId: r.inviterId,
          sources: [],
        });
      for (const s of sources) out.get(s.memberId)?.sources.push({ ip: s.ip!, userAgent: s.userAgent });
      return out;
    },
  };
}
