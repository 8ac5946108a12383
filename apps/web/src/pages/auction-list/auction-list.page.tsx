import type { AuctionSession, LotListStatus } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { PageTabs } from '../../components/page-tabs/page-tabs';
import { PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { useLotPages } from '../../features/auctions/auction.api';
import { LotCard, LotCardSkeleton } from '../../features/auctions/lot-card';
import { useLotStream } from '../../features/auctions/use-lot-stream';
import { SessionPageLink } from '../../features/auctions/session-link';
import { formatDateTime } from '../../lib/format-time';
import './auction-list.css';
import { AuctionSearchEntry } from '../../features/search/auction-search-entry';

const tabKeys: readonly LotListStatus[] = ['upcoming', 'live', 'ended'];

function isTab(value: string | null): value is LotListStatus {
  return value !== null && (tabKeys as readonly string[]).includes(value);
}

function SessionFilter({
  sessions,
  active,
  onChange,
}: {
  sessions: AuctionSession[];
  active: number | undefined;
  onChange(id: number | undefined): void;
}) {
  const { t } = useTranslation();
  if (sessions.length === 0) return null;
  return (
    <nav className="auction-sessions" aria-label={t('auction.sessions')} data-testid="auction-sessions">
      <button
        type="button"
        className={`auction-session${active === undefined ? ' auction-session-active' : ''}`}
        onClick={() => onChange(undefined)}
        aria-pressed={active === undefined}
        data-testid="auction-session-all"
      >
        {t('auction.allSessions')}
      </button>
      {sessions.map((session) => (
        <button
          type="button"
          key={session.id}
          className={`auction-session${active === session.id ? ' auction-session-active' : ''}`}
          onClick={() => onChange(session.id)}
          aria-pressed={active === session.id}
          data-testid="auction-session"
          data-id={session.id}
        >
          <span className="auction-session-title">{session.title}</span>
          <span className="auction-session-time">{formatDateTime(session.startsAt)}</span>
        </button>
      ))}
    </nav>
  );
}

function LotList({
  status,
  sessionId,
  onSession,
}: {
  status: LotListStatus;
  sessionId: number | undefined;
  onSession(id: number | undefined): void;
}) {
  const { t } = useTranslation();
  const paged = useLotPages(status, sessionId);
  useLotStream(status === 'ended' ? [] : paged.items.map((lot) => lot.id));
  return (
    <PullRefresh onRefresh={() => paged.query.refetch()}>
      <SessionFilter sessions={paged.firstPage?.sessions ?? []} active={sessionId} onChange={onSession} />
      {sessionId !== undefined && <SessionPageLink id={sessionId} />}
      <div className="auction-list-body">
        <PagedListBody
          paged={paged}
          loading={Array.from({ length: 3 }, (_, index) => (
            <LotCardSkeleton key={index} />
          ))}
          errorTitle={t('auction.loadFailed')}
          empty={{ title: t(`auction.empty.${status}`) }}
          testId="auction-list"
          infiniteTestId="auction-list"
          renderItem={(lot) => <LotCard lot={lot} />}
        />
      </div>
    </PullRefresh>
  );
}

/** The auctions: upcoming, live and ended lots, by session, with live prices and the member's standing. */
export default function AuctionListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const active: LotListStatus = isTab(requested) ? requested : 'live';
  const session = Number(params.get('sessionId'));
  const sessionId = Number.isInteger(session) && session > 0 ? session : undefined;
  const tabs = tabKeys.map((key) => ({ key, title: t(`auction.tabs.${key}`) }));
  const navigate = (status: LotListStatus, nextSession: number | undefined) => {
    const next: Record<string, string> = {};
    if (status !== 'live') next.status = status;
    if (nextSession !== undefined) next.sessionId = String(nextSession);
    setParams(next, { replace: true });
    window.scrollTo(0, 0);
  };
  return (
    <div className="auction-list-page" data-testid="auction-list-page">
      <AuctionSearchEntry />
      <PageTabs
        tabs={tabs}
        active={active}
        onChange={(key) => navigate(key, sessionId)}
        testIdPrefix="auction-list-tab"
      />
      <LotList
        key={`${active}-${sessionId ?? 'all'}`}
        status={active}
        sessionId={sessionId}
        onSession={(id) => navigate(active, id)}
      />
    </div>
  );
}
