import { BellIcon } from '../../components/icons/menu-icons';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import './messages.css';

/** Past this, the badge says 99+. */
const MAX_SHOWN = 99;

/** The unread count as a badge's text; nothing when all is read. */
export function unreadText(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
}

/** 我的's bell beside the settings: opens 消息, with the unread count on it. */
export function MessageBell({ unread }: { unread: number | undefined }) {
  const { t } = useTranslation();
  const text = unreadText(unread);
  return (
    <button
      type="button"
      className="message-bell"
      onClick={() => go(pagePath('messageList'))}
      aria-label={text ? t('messages.entryUnread', { count: unread }) : t('messages.entry')}
      data-testid="my-messages"
    >
      <BellIcon />
      {text && (
        <span className="unread-badge message-bell-badge" data-testid="my-messages-badge">
          {text}
        </span>
      )}
    </button>
  );
}

/** The unread count beside 消息 in 我的's list. */
export function UnreadBadge({ unread }: { unread: number | undefined }) {
  const text = unreadText(unread);
  if (!text) return null;
  return (
    <span className="unread-badge" data-testid="my-messages-unread">
      {text}
    </span>
  );
}
