import { z } from 'zod';
import { memberNoticeKinds } from './auctions.schema.js';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery, recordId } from './envelope.js';

/**
 * The message centre (消息, issue 18): every notice a member gets is kept with its read
 * state. A message carries the notice's kind, title and ids, never a sentence: the apps
 * word it in the reader's language (`live.notice.<kind>`, `live.message.<kind>`) as they
 * word the live notice, and open what its ids name.
 */

/** Most ids one read call takes (a page of the list is at most 50). */
export const MAX_READ_IDS = 100;

export const message = z.object({
  id: z.number().int(),
  kind: z.enum(memberNoticeKinds),
  /** The piece's title; of a pick-up of several pieces, the first one's, with `count`. */
  title: z.string(),
  lotId: z.number().int().optional(),
  orderId: z.number().int().optional(),
  pickId: z.number().int().optional(),
  productId: z.number().int().optional(),
  claimId: z.number().int().optional(),
  offerId: z.number().int().optional(),
  savedSearchId: z.number().int().optional(),
  count: z.number().int().optional(),
  read: z.boolean(),
  /** When the notice was sent (epoch ms). */
  createdAt: z.number().int(),
});
export type Message = z.infer<typeof message>;

export const messagePage = pageOf(message).extend({
  /** The caller's unread messages, all pages together. */
  unread: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePage>;

/** Read some of the caller's messages (`ids`) or all of them (`all: true`): exactly one of the two. */
export const readMessagesInput = z
  .object({
    ids: z
      .array(recordId('invalid.ids'), { error: 'invalid.ids' })
      .min(1, { error: 'invalid.ids' })
      .max(MAX_READ_IDS, { error: 'invalid.ids' })
      .optional(),
    all: z.literal(true, { error: 'invalid.readTarget' }).optional(),
  })
  .refine((v) => (v.ids !== undefined) !== (v.all !== undefined), { error: 'invalid.readTarget' });
export type ReadMessagesInput = z.infer<typeof readMessagesInput>;

export const readMessagesResult = z.object({
  /** The caller's unread messages after this call. */
  unread: z.number().int(),
});
export type ReadMessagesResult = z.infer<typeof readMessagesResult>;

const member_ = { base: '/v1/iyd', auth: 'member' } as const;

export const messagesApi = {
  list: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/message/list',
    input: pageQuery,
    output: messagePage,
    addition: true,
    summary:
      'The caller’s messages, newest first: every notice they were sent (outbid, won, payment due, shipped, reminders, saved-search matches, answers, claims, offers), with its kind, title, ids and read state, and the unread count.',
  }),
  read: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/message/read',
    input: readMessagesInput,
    output: readMessagesResult,
    addition: true,
    summary:
      'Mark messages read: `ids` (the caller’s own; others’ and unknown ids are ignored) or `all: true`, exactly one of them. Answers the caller’s unread count after it.',
  }),
};
