import type { LotDetail, PublicBid } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import './integrity.css';

/** 已撤拍 with the house's reason, on a withdrawn lot's page. */
export function WithdrawnNotice({ lot }: { lot: Pick<LotDetail, 'status' | 'withdrawn'> }) {
  const { t } = useTranslation();
  if (lot.status !== 'withdrawn') return null;
  return (
    <p className="lot-withdrawn" data-testid="lot-withdrawn">
      {t('lot.withdrawnText', { reason: lot.withdrawn?.reason ?? '' })}
    </p>
  );
}

/** Under a voided bid of the history: that it was voided, and why (the bid stays in the chain). */
export function VoidedBidReason({ bid }: { bid: PublicBid }) {
  const { t } = useTranslation();
  if (!bid.voided) return null;
  return (
    <span className="lot-bid-void-reason" data-testid="lot-bid-voided">
      {t('lot.voidedBid', { reason: bid.voided.reason })}
    </span>
  );
}
