import type { Lot, LotStatus } from '@antique/shared';
import { ShareIcon } from '../../components/icons/common-icons';
import { useState } from 'react';
import { lazySheet } from '../../components/sheet/lazy-sheet';
import { useTranslation } from '../../lib/use-translation';
import { pagePath } from '../../lib/route-paths';
import type { ShareLotSheetsProps } from './share-lot-sheets';
import './share.css';

export type ShareableLot = Pick<Lot, 'id' | 'title' | 'cover' | 'currentPrice' | 'bidCount' | 'startsAt' | 'endsAt'>;

/** The lot page's address under the app's public origin (the app routes in the hash). */
export function lotShareUrl(id: number, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}#${pagePath('lot', { id })}`;
}

/** The share sheet and the poster (share-lot-sheets): their code loads at the member's first touch of the page. */
const ShareLotSheets = lazySheet<ShareLotSheetsProps>(() =>
  import('./share-lot-sheets').then((module) => module.ShareLotSheets),
);

/** Share a lot: copy its link, the system's share sheet where there is one, or a poster to save; `status` as the page shows it. */
export function ShareLot({ lot, status }: { lot: ShareableLot; status: LotStatus }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  return (
    <>
      <button type="button" className="share-button tap-target" onClick={() => setSheet(true)} data-testid="share-lot">
        <ShareIcon />
        <span>{t('share.share')}</span>
      </button>
      <ShareLotSheets lot={lot} status={status} visible={sheet} onClose={() => setSheet(false)} />
    </>
  );
}
