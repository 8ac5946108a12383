import type { Holding } from '@antique/shared';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { formatDate } from '../../lib/format-time';
import './custody.css';

/** A piece in the house's custody: cover, title, what it cost and when it was acquired. */
export function HoldingCard({ holding }: { holding: Holding }) {
  const { t } = useTranslation();
  return (
    <article className="holding-card" data-testid="pick-item" data-id={holding.id} data-status={holding.status}>
      <LazyImage src={holding.cover} alt="" ratio={1} className="holding-cover" />
      <div className="holding-main">
        <div className="holding-head">
          <h3 className="holding-title">{holding.title}</h3>
          <span className={`holding-status holding-status-${holding.status}`}>
            {t(`pickList.status.${holding.status}`)}
          </span>
        </div>
        <div className="holding-meta">
          <span className="holding-source">{t(`pickList.source.${holding.source}`)}</span>
          <span>{t('pickList.acquiredAt', { date: formatDate(holding.acquiredAt) })}</span>
        </div>
        <div className="holding-price">
          <span>{t('pickList.acquiredPrice')}</span>
          <PriceText fen={holding.acquiredPrice} size="sm" testId="pick-item-price" />
        </div>
      </div>
    </article>
  );
}
