import type { MemberNotice } from '@antique/shared';
import { BellOutline, CloseOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { create } from 'zustand';
import { go } from '../../lib/navigation';
// Where a notice leads and what it says are decided once, for this bar and the message centre alike.
import { noticeTarget } from '../../lib/notice-target';
import { noticeText } from '../../lib/notice-text';
import './live-notice.css';

/** How long an in-app notice stays before it slides away by itself. */
export const NOTICE_SHOWN_MS = 6000;

interface LiveNoticeState {
  notice: MemberNotice | null;
  /** Shows the notice unless it was shown before (the same kind, lot, order, pick-up and time). */
  show(notice: MemberNotice): void;
  dismiss(): void;
}

const noticeKey = (n: MemberNotice) => [n.kind, n.lotId, n.orderId, n.pickId, n.at].join('|');
// The notices shown lately, so that one received again (another stream, a retry) is not shown twice.
const shown: string[] = [];

export const useLiveNoticeStore = create<LiveNoticeState>()((set) => ({
  notice: null,
  show: (notice) => {
    const key = noticeKey(notice);
    if (shown.includes(key)) return;
    shown.push(key);
    if (shown.length > 100) shown.shift();
    set({ notice });
  },
  dismiss: () => set({ notice: null }),
}));

/** The member's live notice (outbid, won, ending soon, payment due, shipped) over the page, while the app is open. */
export function LiveNoticeBar() {
  const { t } = useTranslation();
  const notice = useLiveNoticeStore((state) => state.notice);
  const dismiss = useLiveNoticeStore((state) => state.dismiss);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(dismiss, NOTICE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  if (!notice) return null;
  const target = noticeTarget(notice);
  return (
    <div
      className={`live-notice live-notice-${notice.kind}`}
      role="status"
      data-testid="live-notice"
      data-kind={notice.kind}
    >
      <button
        type="button"
        className="live-notice-main"
        onClick={() => {
          dismiss();
          if (target) go(target);
        }}
      >
        <BellOutline className="live-notice-icon" />
        <span className="live-notice-text">
          <span className="live-notice-kind">{t(`live.notice.${notice.kind}`)}</span>
          <span className="live-notice-message">{noticeText(t, notice)}</span>
        </span>
      </button>
      <button type="button" className="live-notice-close" onClick={dismiss} aria-label={t('common.cancel')}>
        <CloseOutline />
      </button>
    </div>
  );
}
