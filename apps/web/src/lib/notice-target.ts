import type { MemberNotice } from '@antique/shared';
import { MY_PATH, pagePath, routePaths, type RouteName } from './route-paths';

/** What a notice or a kept message names: its kind and ids (the live notice and the message centre alike). */
export type NoticeRefs = Pick<
  MemberNotice,
  'kind' | 'lotId' | 'orderId' | 'pickId' | 'productId' | 'claimId' | 'offerId' | 'savedSearchId'
>;

/** A route by name if the app has it (claims and offers have their own lists once they land), else 我的. */
function listOr(name: string, query: Record<string, number | undefined> = {}): string {
  return name in routePaths ? pagePath(name as RouteName, query) : MY_PATH;
}

/**
 * Where a notice leads, the one place it is decided: the live notice and the message centre
 * both open what it names. Won and due open the order to pay; shipped the pick-ups on their
 * way; a claim's decision and a second-chance offer their own lists; the rest their lot,
 * then their piece, order or pick-up. Null: nothing to open.
 */
export function noticeTarget(notice: NoticeRefs): string | null {
  switch (notice.kind) {
    case 'won':
    case 'payment_due':
      if (notice.orderId) return pagePath('order', { id: notice.orderId });
      break;
    case 'shipped':
      return pagePath('pickList', { status: 'shipped' });
    case 'claim_accepted':
    case 'claim_rejected':
      return listOr('claimList', { id: notice.claimId });
    case 'offer':
    case 'offer_expired':
      return listOr('offerList', { id: notice.offerId });
    default:
      break;
  }
  if (notice.lotId) return pagePath('lot', { id: notice.lotId });
  if (notice.productId) return pagePath('product', { id: notice.productId });
  if (notice.orderId) return pagePath('order', { id: notice.orderId });
  if (notice.pickId) return pagePath('pickList', {});
  return null;
}
