import type { Delegation } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { formatMoney } from '../../lib/format-money';
import { formatDate } from '../../lib/format-time';

interface DelegationCardProps {
  delegation: Delegation;
  onOpenLot(lotId: number): void;
  onCancel(delegation: Delegation): void;
}

/** A consignment: the piece, its status, the reserve, and once settled the hammer, commission and proceeds. */
export function DelegationCard({ delegation, onOpenLot, onCancel }: DelegationCardProps) {
  const { t } = useTranslation();
  const { holding } = delegation;
  const facts: { key: string; label: string; value: string }[] = [
    {
      key: 'reserve',
      label: t('delegation.reserve'),
      value: delegation.reservePrice === undefined ? t('delegation.noReserve') : formatMoney(delegation.reservePrice),
    },
    { key: 'created', label: t('delegation.createdAt'), value: formatDate(delegation.createdAt) },
  ];
  if (delegation.hammerPrice !== undefined)
    facts.push({ key: 'hammer', label: t('delegation.hammer'), value: formatMoney(delegation.hammerPrice) });
  if (delegation.commission !== undefined)
    facts.push({ key: 'commission', label: t('delegation.commission'), value: formatMoney(delegation.commission) });
  if (delegation.proceeds !== undefined)
    facts.push({ key: 'proceeds', label: t('delegation.proceeds'), value: formatMoney(delegation.proceeds) });
  return (
    <article
      className="delegation-card"
      data-testid="delegation-item"
      data-id={delegation.id}
      data-status={delegation.status}
    >
      <div className="delegation-head">
        <LazyImage src={holding.cover} alt="" ratio={1} className="holding-cover" />
        <div className="holding-main">
          <div className="holding-head">
            <h3 className="holding-title">{holding.title}</h3>
            <span className={`holding-status delegation-status-${delegation.status}`} data-testid="delegation-status">
              {t(`delegation.status.${delegation.status}`)}
            </span>
          </div>
          <div className="holding-meta">
            <span className="holding-source">{t(`pickList.source.${holding.source}`)}</span>
            <span>{t('delegation.acquired', { amount: formatMoney(holding.acquiredPrice) })}</span>
          </div>
        </div>
      </div>
      <dl className="delegation-facts">
        {facts.map((fact) => (
          <div key={fact.key} data-testid={`delegation-${fact.key}`}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {delegation.status === 'rejected' && delegation.rejectReason && (
        <p className="delegation-reason" data-testid="delegation-reason">
          {t('delegation.rejectReason', { reason: delegation.rejectReason })}
        </p>
      )}
      {(delegation.lotId !== undefined || delegation.status === 'pending') && (
        <div className="delegation-actions">
          {delegation.status === 'pending' && (
            <Button shape="rounded" fill="outline" onClick={() => onCancel(delegation)} data-testid="delegation-cancel">
              {t('delegation.cancel')}
            </Button>
          )}
          {delegation.lotId !== undefined && (
            <Button
              shape="rounded"
              className="outline-gold-button"
              onClick={() => onOpenLot(delegation.lotId!)}
              data-testid="delegation-lot"
            >
              {t('delegation.viewLot')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
