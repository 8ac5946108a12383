import type { Holding } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { claimDaysLeft, useClaimTermsQuery } from './protect.api';

/**
 * 申请保障 on a received piece while the guarantee's days after receipt last (the server
 * decides again when the claim is sent); nothing for any other piece.
 */
export function ClaimEntry({ holding }: { holding: Holding }) {
  const { t } = useTranslation();
  const terms = useClaimTermsQuery();
  const receivedAt = holding.pick?.receivedAt;
  if (holding.status !== 'received' || !receivedAt || !terms.data) return null;
  const left = claimDaysLeft(receivedAt, terms.data.guaranteeDays, Date.now());
  if (left === 0) return null;
  return (
    <div className="claim-entry" data-testid="claim-entry">
      <Button
        size="small"
        shape="rounded"
        color="primary"
        fill="outline"
        onClick={() => go(pagePath('claim', { holdingId: holding.id }))}
        data-testid="claim-entry-button"
      >
        {t('protect.entry')}
      </Button>
      <span className="claim-entry-hint">{t('protect.entryHint', { days: left })}</span>
    </div>
  );
}
