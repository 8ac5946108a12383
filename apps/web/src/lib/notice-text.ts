import type { MemberNotice } from '@antique/shared';
import type { TFunction } from './translator';

/** What a notice or a kept message says; a pick-up of several pieces names the first and how many. */
export function noticeText(t: TFunction, notice: Pick<MemberNotice, 'kind' | 'title' | 'count'>): string {
  if (notice.kind === 'shipped' && notice.count)
    return t('live.message.shipped_many', { title: notice.title, count: notice.count });
  return t(`live.message.${notice.kind}`, { title: notice.title });
}
