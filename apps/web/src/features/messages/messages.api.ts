import type { Message, MessagePage, ReadMessagesInput } from '@antique/shared';
import { messagesApi } from '@antique/shared/routes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export const messagesKey = ['message', 'list'] as const;
/** member/info's query (features/member), which carries the unread count 我的 shows. */
const memberInfoKey = ['member', 'info'] as const;
type Pages = { pages: MessagePage[]; pageParams: unknown[] };

/** One page of the member's messages, newest first, with the unread count. */
export function fetchMessagePage(page: number): Promise<MessagePage> {
  return call(messagesApi.list, { page, pageSize: PAGE_SIZE });
}

export function useMessagePages() {
  return usePagedQuery<Message, MessagePage>(messagesKey, fetchMessagePage, { staleTime: 0 });
}

/**
 * Marks messages read (some, or all): the list shows them read at once, the server's
 * answer sets the unread count, and both are read again from the server afterwards (a
 * failed call thus shows them unread again).
 */
async function readMessages(client: QueryClient, input: ReadMessagesInput): Promise<number> {
  const ids = input.ids ? new Set(input.ids) : null;
  const update = (read: (m: Message) => boolean, unread: (before: number, newlyRead: number) => number) =>
    client.setQueryData<Pages>(messagesKey, (data) => {
      if (!data) return data;
      let newlyRead = 0;
      const pages = data.pages.map((page) => ({
        ...page,
        list: page.list.map((m) => {
          if (m.read || !read(m)) return m;
          newlyRead += 1;
          return { ...m, read: true };
        }),
      }));
      return { ...data, pages: pages.map((page) => ({ ...page, unread: unread(page.unread, newlyRead) })) };
    });
  update(
    (m) => ids === null || ids.has(m.id),
    (before, newlyRead) => (ids === null ? 0 : Math.max(0, before - newlyRead)),
  );
  try {
    const { unread } = await call(messagesApi.read, input);
    update(
      () => false,
      () => unread,
    );
    return unread;
  } finally {
    void client.invalidateQueries({ queryKey: messagesKey });
    void client.invalidateQueries({ queryKey: memberInfoKey });
  }
}

/** `read({ ids })` or `read({ all: true })`; resolves to the unread count left. */
export function useReadMessages() {
  const client = useQueryClient();
  return useCallback((input: ReadMessagesInput) => readMessages(client, input), [client]);
}
