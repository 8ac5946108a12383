import type { SessionDetail } from '@antique/shared';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { PagedListBody } from '../../components/paged-list/paged-list-body';
import { PriceText } from '../../components/price/price-text';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { LotCard, LotCardSkeleton } from '../../features/auctions/lot-card';
import { useLotStream } from '../../features/auctions/use-lot-stream';
import { useSessionPages } from '../../features/auctions/watch.api';
import { describeError } from '../../lib/describe-error';
import { formatDateTime } from '../../lib/format-time';
import { usePageParams } from '../../lib/page-params';
import { isRequestError } from '../../lib/request-error';
import './auction-session.css';

/** The session's head: cover, title, times, and its figures; once every lot closed, its results. */
function SessionHead({ session }: { session: SessionDetail }) {
  const { t } = useTranslation();
  return (
    <header className="session-head" data-testid="session-head" data-ended={session.ended}>
      <div className="session-cover">
        <LazyImage src={session.cover} alt="" ratio={16 / 9} />
        <span className={`session-state${session.ended ? ' session-state-ended' : ''}`} data-testid="session-state">
          {session.ended ? t('follow.session.ended') : t('follow.session.open', { count: session.openCount })}
        </span>
      </div>
      <h1 className="session-title" data-testid="session-title">
        {session.title}
      </h1>
      <p className="session-times">
        {t('follow.session.startsAt', { time: formatDateTime(session.startsAt) })}
        {session.endsAt !== null && (
          <span> · {t('follow.session.endsAt', { time: formatDateTime(session.endsAt) })}</span>
        )}
      </p>
      {session.staggerSeconds > 0 && (
        <p className="session-stagger">{t('follow.session.stagger', { seconds: session.staggerSeconds })}</p>
      )}
      <dl className="session-figures" data-testid="session-figures">
        <div>
          <dt>{t('follow.session.lots')}</dt>
          <dd>{session.lotCount}</dd>
        </div>
        <div>
          <dt>{t('follow.session.sold')}</dt>
          <dd data-testid="session-sold">{session.soldCount}</dd>
        </div>
        <div>
          <dt>{t('follow.session.unsold')}</dt>
          <dd data-testid="session-unsold">{session.unsoldCount}</dd>
        </div>
        <div>
          <dt>{t('follow.session.totalHammer')}</dt>
          <dd data-testid="session-total" data-fen={session.totalHammer}>
            <PriceText fen={session.totalHammer} size="sm" />
          </dd>
        </div>
      </dl>
    </header>
  );
}

/** A session: its lots in order of ending (running ones first), then its results (hammer or 流拍). */
export default function AuctionSessionPage() {
  const { t } = useTranslation();
  const id = Number(usePageParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const paged = useSessionPages(validId ? id : 0);
  useLotStream(paged.items.filter((lot) => lot.status === 'live' || lot.status === 'upcoming').map((lot) => lot.id));
  const session = paged.firstPage?.session;
  if (!validId) return <EmptyState title={t('follow.session.notFound')} testId="session-not-found" />;
  if (paged.query.isError && !session) {
    return isRequestError(paged.query.error) && paged.query.error.code === 404 ? (
      <EmptyState title={t('follow.session.notFound')} testId="session-not-found" />
    ) : (
      <EmptyState
        status="error"
        title={t('follow.session.loadFailed')}
        description={describeError(paged.query.error, t)}
        onAction={() => void paged.query.refetch()}
        testId="session-error"
      />
    );
  }
  return (
    <div className="session-page" data-testid="session-page">
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        {session ? (
          <SessionHead session={session} />
        ) : (
          <div className="session-head skeleton-lines" aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        )}
        <div className="session-lots">
          <PagedListBody
            paged={paged}
            loading={Array.from({ length: 3 }, (_, index) => (
              <LotCardSkeleton key={index} />
            ))}
            errorTitle={t('follow.session.loadFailed')}
            empty={{ title: t('follow.session.empty') }}
            testId="session-lots"
            renderItem={(lot) => <LotCard lot={lot} />}
          />
        </div>
      </PullRefresh>
    </div>
  );
}
