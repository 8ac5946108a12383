import type { LotDetail } from '@antique/shared';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { useShownLotStatus } from '../../features/auctions/lot-countdown';
import { WatchHeart } from '../../features/auctions/watch-heart';
import { ShareLot } from '../../features/share/share-lot';
import './lot-follow-bar.css';

/** Under a lot's title: watch it, share it, and open its session when it has one. */
export function LotFollowBar({ lot }: { lot: LotDetail }) {
  const { t } = useTranslation();
  const status = useShownLotStatus(lot);
  return (
    <div className="lot-follow-bar" data-testid="lot-follow-bar">
      <WatchHeart lot={lot} />
      <ShareLot lot={lot} status={status} />
      {lot.sessionId !== null && (
        <button
          type="button"
          className="lot-follow-session tap-target"
          onClick={() => go(pagePath('auctionSession', { id: lot.sessionId! }))}
          data-testid="lot-session-link"
        >
          {t('follow.openSession')}
          <ChevronRightIcon />
        </button>
      )}
    </div>
  );
}
