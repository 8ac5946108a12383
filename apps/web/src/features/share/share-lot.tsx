import type { Lot, LotStatus } from '@antique/shared';
import { ActionSheet, Button, CenterPopup, SpinLoading } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { UploadOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { copyText } from '../../lib/clipboard';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { pagePath } from '../../lib/route-paths';
import { showToast } from '../../lib/toast';
import { drawLotPoster } from './lot-poster';
import './share.css';

type ShareableLot = Pick<Lot, 'id' | 'title' | 'cover' | 'currentPrice' | 'bidCount' | 'startsAt' | 'endsAt'>;

/** The lot page's address under the app's public origin (the app routes in the hash). */
export function lotShareUrl(id: number, location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}#${pagePath('lot', { id })}`;
}

type PosterState = { state: 'drawing' } | { state: 'ready'; png: string } | { state: 'failed' };

/** Share a lot: copy its link, the system's share sheet where there is one, or a poster to save; `status` as the page shows it. */
export function ShareLot({ lot, status }: { lot: ShareableLot; status: LotStatus }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  const [poster, setPoster] = useState<PosterState | null>(null);
  const url = lotShareUrl(lot.id);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const makePoster = async () => {
    setPoster({ state: 'drawing' });
    const priceLabel =
      status === 'sold' ? t('auction.hammer') : lot.bidCount > 0 ? t('auction.current') : t('auction.start');
    const timeLine =
      status === 'upcoming'
        ? t('share.startsAt', { time: formatDateTime(lot.startsAt) })
        : status === 'live'
          ? t('share.endsAt', { time: formatDateTime(lot.endsAt) })
          : t('auction.endedAt', { time: formatDateTime(lot.endsAt) });
    try {
      const png = await drawLotPoster({
        cover: lot.cover,
        title: lot.title,
        priceLabel,
        price: formatMoney(lot.currentPrice),
        timeLine,
        house: t('common.brand'),
        scanHint: t('share.scanHint'),
        url,
      });
      setPoster(png ? { state: 'ready', png } : { state: 'failed' });
    } catch {
      setPoster({ state: 'failed' });
    }
  };

  const actions: Action[] = [
    { key: 'copy', text: t('share.copyLink'), onClick: () => void copyText(url) },
    ...(canShare
      ? [
          {
            key: 'system',
            text: t('share.system'),
            onClick: () => {
              navigator.share({ title: lot.title, text: t('share.text', { title: lot.title }), url }).catch(() => {
                // Closing the share sheet is not an error worth telling.
              });
            },
          },
        ]
      : []),
    { key: 'poster', text: t('share.poster'), onClick: () => void makePoster() },
  ];

  const download = () => {
    if (poster?.state !== 'ready') return;
    const link = document.createElement('a');
    link.href = poster.png;
    link.download = `lot-${lot.id}.png`;
    link.click();
    showToast(t('share.downloaded'));
  };

  return (
    <>
      <button type="button" className="share-button tap-target" onClick={() => setSheet(true)} data-testid="share-lot">
        <UploadOutline aria-hidden />
        <span>{t('share.share')}</span>
      </button>
      <ActionSheet
        visible={sheet}
        actions={actions}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={() => setSheet(false)}
      />
      <CenterPopup
        visible={poster !== null}
        onMaskClick={() => setPoster(null)}
        onClose={() => setPoster(null)}
        className="share-poster-popup"
      >
        <div className="share-poster" data-testid="share-poster">
          {poster?.state === 'drawing' && (
            <div className="share-poster-busy" aria-busy="true">
              <SpinLoading color="primary" />
              <span>{t('share.drawing')}</span>
            </div>
          )}
          {poster?.state === 'failed' && (
            <p className="share-poster-failed" data-testid="share-poster-failed">
              {t('share.posterFailed')}
            </p>
          )}
          {poster?.state === 'ready' && (
            <>
              <img className="share-poster-image" src={poster.png} alt={lot.title} data-testid="share-poster-image" />
              <p className="share-poster-hint">{t('share.saveHint')}</p>
            </>
          )}
          <div className="share-poster-actions">
            <Button shape="rounded" size="small" onClick={() => setPoster(null)}>
              {t('share.close')}
            </Button>
            <Button
              shape="rounded"
              size="small"
              color="primary"
              className="gold-button"
              disabled={poster?.state !== 'ready'}
              onClick={download}
              data-testid="share-poster-download"
            >
              {t('share.download')}
            </Button>
          </div>
        </div>
      </CenterPopup>
    </>
  );
}
