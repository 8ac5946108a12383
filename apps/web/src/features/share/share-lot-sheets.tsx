import type { LotStatus } from '@antique/shared';
import { ActionSheet, Button, CenterPopup, SpinLoading } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/action-sheet';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { copyText } from '../../lib/clipboard';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { showToast } from '../../lib/toast';
import { drawLotPoster } from './lot-poster';
import { useSlideIn } from '../../components/sheet/use-slide-in';
import { lotShareUrl, type ShareableLot } from './share-lot';

type PosterState = { state: 'drawing' } | { state: 'ready'; png: string } | { state: 'failed' };

export interface ShareLotSheetsProps {
  lot: ShareableLot;
  /** As the page shows it. */
  status: LotStatus;
  /** The share sheet is open. */
  visible: boolean;
  onClose(): void;
}

/** The share sheet (copy the link, the system's share sheet where there is one, a poster) and the poster to save. */
export function ShareLotSheets({ lot, status, visible, onClose }: ShareLotSheetsProps) {
  const { t } = useTranslation();
  const sheet = useSlideIn(visible);
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
      <ActionSheet
        visible={sheet.visible}
        actions={actions}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={onClose}
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
