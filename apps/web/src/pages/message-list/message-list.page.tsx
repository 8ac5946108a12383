import type { Message } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { TFunction } from '../../lib/translator';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { useMessagePages, useReadMessages } from '../../features/messages/messages.api';
import { useUserStore } from '../../features/member/user.store';
import { describeError } from '../../lib/describe-error';
import { formatDate } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { noticeTarget } from '../../lib/notice-target';
import { noticeText } from '../../lib/notice-text';
import { routePaths } from '../../lib/route-paths';
import { showToast } from '../../lib/toast';
import './message-list.css';

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The start of the local day a time falls in. */
function dayOf(ms: number): number {
  const date = new Date(ms);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** 今天, 昨天, or the date. */
function dayLabel(t: TFunction, day: number, today: number): string {
  if (day === today) return t('messages.today');
  // Across a daylight-saving change a day is 23 or 25 hours: compare local days, not 24 h.
  if (day === dayOf(today - DAY_MS / 2)) return t('messages.yesterday');
  return formatDate(day);
}

/** The messages in order, cut where the local day changes. */
function byDay(messages: Message[]): { day: number; messages: Message[] }[] {
  const groups: { day: number; messages: Message[] }[] = [];
  for (const message of messages) {
    const day = dayOf(message.createdAt);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  }
  return groups;
}

function MessageRow({ message, onOpen }: { message: Message; onOpen(message: Message): void }) {
  const { t } = useTranslation();
  const time = new Date(message.createdAt);
  return (
    <li>
      <button
        type="button"
        className={message.read ? 'message-row' : 'message-row message-row-unread'}
        onClick={() => onOpen(message)}
        data-testid="message-row"
        data-id={message.id}
        data-kind={message.kind}
        data-read={message.read}
      >
        <span className="message-dot" aria-hidden={message.read} data-testid={message.read ? undefined : 'unread-dot'}>
          {!message.read && <span className="message-visually-hidden">{t('messages.unread')}</span>}
        </span>
        <span className="message-main">
          <span className="message-head">
            <span className="message-kind">{t(`live.notice.${message.kind}`)}</span>
            <span className="message-time">{`${pad(time.getHours())}:${pad(time.getMinutes())}`}</span>
          </span>
          <span className="message-text">{noticeText(t, message)}</span>
        </span>
      </button>
    </li>
  );
}

/** 消息: every notice the member got, newest first by day, unread ones dotted; a tap opens what it names and reads it. */
export default function MessageListPage() {
  const { t } = useTranslation();
  const paged = useMessagePages();
  const readMessages = useReadMessages();
  // What is left unread shows on 我的 at once (its own query reads it again too).
  const read = async (input: Parameters<typeof readMessages>[0]) => {
    const unread = await readMessages(input);
    const { userInfo, setUserInfo } = useUserStore.getState();
    if (userInfo) setUserInfo({ ...userInfo, unreadMessages: unread });
  };
  const [readingAll, setReadingAll] = useState(false);
  const unread = paged.firstPage?.unread ?? 0;
  const today = dayOf(Date.now());

  const open = (message: Message) => {
    if (!message.read) {
      read({ ids: [message.id] }).catch((error: unknown) => showToast(describeError(error, t)));
    }
    const target = noticeTarget(message);
    if (target) go(target);
  };

  const readAll = async () => {
    setReadingAll(true);
    try {
      await read({ all: true });
    } catch (error) {
      showToast(describeError(error, t));
    } finally {
      setReadingAll(false);
    }
  };

  return (
    <div className="message-list-page" data-testid="message-list-page">
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        {paged.items.length > 0 && (
          <div className="message-list-bar">
            <span className="message-list-count" data-testid="message-unread-count">
              {unread > 0 ? t('messages.unreadCount', { count: unread }) : t('messages.allRead')}
            </span>
            <Button
              size="mini"
              fill="outline"
              shape="rounded"
              className="message-read-all"
              disabled={unread === 0}
              loading={readingAll}
              onClick={() => void readAll()}
              data-testid="message-read-all"
            >
              {t('messages.readAll')}
            </Button>
          </div>
        )}
        <PagedListBody
          paged={paged}
          loading={<LinesSkeleton className="message-groups" lines={8} testId="message-list-loading" />}
          errorTitle={t('messages.loadFailed')}
          empty={{
            title: t('messages.empty'),
            description: t('messages.emptyHint'),
            actionText: t('messages.browse'),
            onAction: () => go(routePaths.auctionList),
          }}
          testId="message-list"
          renderItems={(messages) => (
            <div className="message-groups" data-testid="message-list-list">
              {byDay(messages).map((group) => (
                <section key={group.day} className="message-day" data-testid="message-day">
                  <h3 className="message-day-title">{dayLabel(t, group.day, today)}</h3>
                  <ul className="message-day-list">
                    {group.messages.map((message) => (
                      <MessageRow key={message.id} message={message} onOpen={open} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        />
      </PullRefresh>
    </div>
  );
}
