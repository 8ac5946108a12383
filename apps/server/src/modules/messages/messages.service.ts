import {
  memberNoticeKinds,
  type MemberNotice,
  type MemberNoticeKind,
  type Message,
  type MessagePage,
  type PageQuery,
  type ReadMessagesInput,
} from '@antique/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import {
  createMessagesRepository,
  type MessageEvent,
  type MessageRefs,
  type MessageRow,
} from './messages.repository.js';

/** The ids a notice may carry, kept as the message's refs. */
const refKeys = ['lotId', 'orderId', 'pickId', 'productId', 'claimId', 'offerId', 'savedSearchId', 'count'] as const;

function refsOf(notice: MemberNotice): MessageRefs {
  const refs: MessageRefs = {};
  for (const key of refKeys) if (notice[key] !== undefined) refs[key] = notice[key];
  return refs;
}

const isKind = (kind: string): kind is MemberNoticeKind => (memberNoticeKinds as readonly string[]).includes(kind);

function toMessage(r: MessageRow): Message {
  const refs = r.link ?? {};
  const message: Message = {
    id: r.id,
    // Every kept kind is a notice kind; one retired later still reads as a notice about its lot.
    kind: isKind(r.kind) ? r.kind : 'ending_soon',
    title: r.title,
    read: r.readAt !== null,
    createdAt: r.createdAt.getTime(),
  };
  for (const key of refKeys) if (typeof refs[key] === 'number') message[key] = refs[key];
  return message;
}

/**
 * The message centre (消息): every notice a member is sent is kept here, with its kind,
 * title and ids (the apps word it in the reader's language) and its read state. The
 * notices module records each batch through `recordNotices` as it publishes it.
 */
export function createMessagesService({ db, clock }: { db: Db; clock: Clock }) {
  const repo = createMessagesRepository(db);

  return {
    /**
     * Keeps a batch of notices in their members' messages and, in the same statement, sends
     * the live events announcing them (`events`, delivered at its commit).
     */
    async recordNotices(list: { memberId: number; notice: MemberNotice }[], events: MessageEvent[] = []) {
      await repo.insertMany(
        list.map(({ memberId, notice }) => ({
          memberId,
          kind: notice.kind,
          title: notice.title,
          refs: refsOf(notice),
          at: notice.at,
        })),
        events,
      );
    },

    /** The member's messages, newest first, with the unread count. */
    async list(memberId: number, q: PageQuery): Promise<MessagePage> {
      const [rows, counts] = await Promise.all([repo.page(memberId, offsetOf(q), q.pageSize), repo.counts(memberId)]);
      return { ...pageResult(rows.map(toMessage), counts.total, q), unread: counts.unread };
    },

    /**
     * Marks the member's own messages read (`ids`; others' and unknown ones are ignored) or
     * all of them. The count is read after the update has committed, so parallel calls
     * each answer what is left unread, never a figure from before another's update.
     */
    async read(memberId: number, input: ReadMessagesInput) {
      await repo.markRead(memberId, input.all ? undefined : (input.ids ?? []), new Date(clock.now()));
      return { unread: await repo.unreadCount(memberId) };
    },

    /** The member's unread messages (member/info's badge). */
    unreadCount: (memberId: number) => repo.unreadCount(memberId),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
