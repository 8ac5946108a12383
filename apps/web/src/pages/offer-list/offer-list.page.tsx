import type { LotOffer } from '@antique/shared';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PriceText } from '../../components/price/price-text';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { useTradePasswordAction } from '../../components/trade-password/use-trade-password-action';
import { memberInfoKey, useMemberInfoQuery } from '../../features/member/member-info.api';
import { acceptOffer, offerListKey, useOfferPages } from '../../features/protect/protect.api';
import '../../features/protect/protect.css';
import { describeError } from '../../lib/describe-error';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { pagePath, routePaths } from '../../lib/route-paths';
import { showSuccessToast, showToast } from '../../lib/toast';

const statusColor = { open: 'primary', accepted: 'success', expired: 'default', withdrawn: 'default' } as const;

function OfferItem({ offer, onAccept }: { offer: LotOffer; onAccept(offer: LotOffer): void }) {
  const { t } = useTranslation();
  const open = offer.status === 'open' && offer.expiresAt > Date.now();
  return (
    <article className="protect-card" data-testid="offer-item" data-id={offer.id} data-status={offer.status}>
      <button
        type="button"
        className="protect-card-row protect-card-open"
        onClick={() => go(pagePath('lot', { id: offer.lotId }))}
      >
        <img src={offer.cover} alt="" className="protect-card-cover" />
        <span className="protect-card-main">
          <span className="protect-card-head">
            <span className="protect-card-title">{offer.title}</span>
            <Tag color={statusColor[offer.status]} fill="outline" data-testid="offer-status">
              {t(`protect.offerStatus.${offer.status}`)}
            </Tag>
          </span>
          <span className="protect-card-price">
            <span>{t('protect.offerPrice')}</span>
            <PriceText fen={offer.price} size="sm" testId="offer-price" />
          </span>
          <span className="protect-card-meta">
            {t('protect.offerPremium')} {formatMoney(offer.premium)} · {t('protect.offerDeposit')}{' '}
            {formatMoney(offer.deposit)}
          </span>
          {offer.status === 'open' && (
            <span className="protect-card-meta">
              {t('protect.offerExpires', { time: formatDateTime(offer.expiresAt) })}
            </span>
          )}
        </span>
      </button>
      {open && (
        <div className="protect-card-action">
          <Button color="primary" shape="rounded" block onClick={() => onAccept(offer)} data-testid="offer-accept">
            {t('protect.accept')}
          </Button>
        </div>
      )}
      {offer.status === 'accepted' && offer.orderId !== null && (
        <div className="protect-card-action">
          <Button
            shape="rounded"
            block
            fill="outline"
            onClick={() => go(pagePath('order', { id: offer.orderId! }))}
            data-testid="offer-order"
          >
            {t('protect.viewOrder')}
          </Button>
        </div>
      )}
    </article>
  );
}

/** Second-chance offers made to the member, accepted with the trade password like a payment. */
export default function OfferListPage() {
  const { t } = useTranslation();
  const paged = useOfferPages();
  const member = useMemberInfoQuery().data;
  const accept = useTradePasswordAction<LotOffer, LotOffer>({
    hasTradePassword: member?.hasTradePassword,
    describe: (offer) => t('protect.acceptFor', { deposit: formatMoney(offer.deposit) }),
    send: (offer, tradePassword, key) => acceptOffer(offer.id, tradePassword, key),
    onDone: (accepted) => {
      showSuccessToast(t('protect.accepted'));
      void queryClient.invalidateQueries({ queryKey: offerListKey });
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      if (accepted.orderId !== null) go(pagePath('order', { id: accepted.orderId }));
    },
    onRefused: (error) => {
      showToast(describeError(error, t));
      void paged.query.refetch();
    },
  });
  return (
    <div className="offer-list-page" data-testid="offer-list-page">
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        <p className="claim-intro">{t('protect.offerIntro')}</p>
        <PagedListBody
          paged={paged}
          loading={<LinesSkeleton className="protect-list" lines={6} testId="offer-list-loading" />}
          errorTitle={t('protect.offerLoadFailed')}
          empty={{
            title: t('protect.offerEmpty'),
            actionText: t('routes.auctionMine'),
            onAction: () => go(routePaths.auctionMine),
          }}
          testId="offer-list"
          renderItem={(offer) => <OfferItem offer={offer} onAccept={accept.open} />}
        />
      </PullRefresh>
      {accept.popup}
    </div>
  );
}
