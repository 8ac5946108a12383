import type { Claim } from '@antique/shared';
import { Tag } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PriceText } from '../../components/price/price-text';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { useClaimPages } from '../../features/protect/protect.api';
import '../../features/protect/protect.css';
import { formatDateTime } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';

const statusColor = { pending: 'warning', accepted: 'success', rejected: 'danger' } as const;

function ClaimItem({ claim }: { claim: Claim }) {
  const { t } = useTranslation();
  return (
    <article className="protect-card" data-testid="claim-item" data-id={claim.id} data-status={claim.status}>
      <div className="protect-card-row">
        <img src={claim.cover} alt="" className="protect-card-cover" />
        <div className="protect-card-main">
          <div className="protect-card-head">
            <span className="protect-card-title">{claim.title}</span>
            <Tag color={statusColor[claim.status]} fill="outline" data-testid="claim-status">
              {t(`protect.status.${claim.status}`)}
            </Tag>
          </div>
          <span className="protect-card-meta">
            {t(`protect.reasons.${claim.reason}`)} · {t('protect.createdAt', { time: formatDateTime(claim.createdAt) })}
          </span>
          <span className="protect-card-price">
            <span>{t('protect.amount')}</span>
            <PriceText fen={claim.amount} size="sm" />
          </span>
        </div>
      </div>
      <p className="protect-card-text">{claim.text}</p>
      {claim.decisionReason && (
        <p className={`protect-card-decision protect-card-decision-${claim.status}`} data-testid="claim-decision">
          {t('protect.decision', { reason: claim.decisionReason })}
        </p>
      )}
    </article>
  );
}

/** 我的保障: the member's guarantee claims with their status and the house's decision. */
export default function ClaimListPage() {
  const { t } = useTranslation();
  const paged = useClaimPages();
  return (
    <div className="claim-list-page" data-testid="claim-list-page">
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        <PagedListBody
          paged={paged}
          loading={<LinesSkeleton className="protect-list" lines={6} testId="claim-list-loading" />}
          errorTitle={t('protect.listLoadFailed')}
          empty={{
            title: t('protect.listEmpty'),
            actionText: t('protect.newClaim'),
            onAction: () => go(routePaths.pickList),
          }}
          testId="claim-list"
          renderItem={(claim) => <ClaimItem claim={claim} />}
        />
      </PullRefresh>
    </div>
  );
}
