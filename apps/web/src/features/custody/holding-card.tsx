import type { Holding } from '@antique/shared';
import { Checkbox } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PriceText } from '../../components/price/price-text';
import { formatDate } from '../../lib/format-time';
import './custody.css';

interface HoldingCardProps {
  holding: Holding;
  /** Opens the piece's history. */
  onOpen?: () => void;
  /** A held piece that can be chosen for a pick-up or a consignment. */
  selection?: { selected: boolean; onToggle(): void };
  /** What follows under the card: the pick-up's shipping, its action. */
  children?: ReactNode;
}

/** A piece in the house's custody: cover, title, what it cost and when it was acquired. */
export function HoldingCard({ holding, onOpen, selection, children }: HoldingCardProps) {
  const { t } = useTranslation();
  return (
    <article
      className={`holding-card${selection?.selected ? ' holding-card-selected' : ''}`}
      data-testid="pick-item"
      data-id={holding.id}
      data-status={holding.status}
      data-selected={selection?.selected}
    >
      <div className="holding-row">
        {selection && (
          <Checkbox
            className="holding-check"
            checked={selection.selected}
            onChange={selection.onToggle}
            aria-label={holding.title}
            data-testid="pick-item-check"
          />
        )}
        <button type="button" className="holding-open" onClick={onOpen} disabled={!onOpen} data-testid="pick-item-open">
          <LazyImage src={holding.cover} alt="" ratio={1} className="holding-cover" />
          <span className="holding-main">
            <span className="holding-head">
              <span className="holding-title">{holding.title}</span>
              <span className={`holding-status holding-status-${holding.status}`}>
                {t(`pickList.status.${holding.status}`)}
              </span>
            </span>
            <span className="holding-meta">
              <span className="holding-source">{t(`pickList.source.${holding.source}`)}</span>
              <span>{t('pickList.acquiredAt', { date: formatDate(holding.acquiredAt) })}</span>
            </span>
            <span className="holding-price">
              <span>{t('pickList.acquiredPrice')}</span>
              <PriceText fen={holding.acquiredPrice} size="sm" testId="pick-item-price" />
            </span>
          </span>
        </button>
      </div>
      {children}
    </article>
  );
}
