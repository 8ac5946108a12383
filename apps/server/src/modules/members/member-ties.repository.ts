import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { members, memberSessions } from '../../db/schema/index.js';

/** What ties accounts to each other, for the house's bidding signals: inviters and where they signed in from. */
export function createMemberTiesRepository(db: Db) {
  return {
    async accounts(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: members.id, phone: members.phone, nickname: members.nickname, inviterId: members.inviterId })
        .from(members)
        .where(inArray(members.id, ids));
    },
    /** The distinct ips and devices of the accounts' sessions. */
    async sessionSources(ids: number[], tx: DbOrTx = db) {
      if (ids.length === 0) return [];
      return tx
        .selectDistinct({
          memberId: memberSessions.memberId,
          ip: memberSessions.ip,
          userAgent: memberSessions.userAgent,
        })
        .from(memberSessions)
        .where(and(inArray(memberSessions.memberId, ids), isNotNull(memberSessions.ip)));
    },
  };
}
