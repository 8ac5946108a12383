import type { MemberNotice } from '@antique/shared';
import { BellOutline, CloseOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
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

/** Where a notice leads: the lot, the order to pay, or the shipped pick-up. */
export function noticeTarget(notice: MemberNotice): string | null {
  if ((notice.kind === 'won' || notice.kind === 'payment_due') && notice.orderId)
    return pagePath('order', { id: notice.orderId });
  if (notice.kind === 'shipped') return pagePath('pickList', { status: 'shipped' });
  if (notice.lotId) return pagePath('lot', { id: notice.lotId });
  if (notice.orderId) return pagePath('order', { id: notice.orderId });
  return null;
}

/** What the notice says; a pick-up of several pieces names the first and how many. */
function noticeMessage(t: TFunction, notice: MemberNotice): string {
  if (notice.kind === 'shipped' && notice.count)
    return t('live.message.shipped_many', { title: notice.title, count: notice.count });
  return t(`live.message.${notice.kind}`, { title: notice.title });
}

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
          <span className="live-notice-message">{noticeMessage(t, notice)}</span>
        </span>
      </button>
      <button type="button" className="live-notice-close" onClick={dismiss} aria-label={t('common.cancel')}>
        <CloseOutline />
      </button>
    </div>
  );
}
