import type { Lot, LotDetail, PublicBid } from '@antique/shared';
import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { ShieldCheckIcon, ShieldCrossIcon } from '../../components/icons/shield-icons';
import { PriceText } from '../../components/price/price-text';
import { lotKey, placeBid, useLotQuery } from '../../features/auctions/auction.api';
import { bidRefusalText, offerRealName, refusedMinimum } from '../../features/auctions/bid-errors';
import type { BidSheetProps } from './bid-sheet';
import { checkBidChain } from '../../features/auctions/chain-check';
import { LotCountdown, useShownLotStatus } from '../../features/auctions/lot-countdown';
import { MyLotStatus } from '../../features/auctions/lot-card';
import { LotFollowBar } from './lot-follow-bar';
import { VoidedBidReason, WithdrawnNotice } from '../../features/integrity/lot-integrity';
import { Gallery } from '../../components/gallery/gallery';
import { useLotStream } from '../../features/auctions/use-lot-stream';
import { memberInfoKey, useMemberInfoQuery } from '../../features/member/member-info.api';
import { useUserStore } from '../../features/member/user.store';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { explainTopUp, rechargePath } from '../../components/top-up/explain-top-up';
import { useTradePasswordAction } from '../../components/trade-password/use-trade-password-action';
import { describeError } from '../../lib/describe-error';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { go, goAndReturn } from '../../lib/navigation';
import { usePageParams } from '../../lib/page-params';
import { queryClient } from '../../lib/query-client';
import { isRequestError } from '../../lib/request-error';
import { pagePath } from '../../lib/route-paths';
import { showSuccessToast } from '../../lib/toast';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { lazySheet } from '../../components/sheet/lazy-sheet';
import { PieceDescription, PieceRecord } from '../../components/piece-sections/piece-sections';
import './auction.css';
import { Comparables } from '../../features/search/comparables';
import { ConditionSection } from '../../features/condition/condition-section';
import { LotQuestions } from '../../features/condition/lot-questions';

// The bid sheet (its stepper, figures and rules link) loads at the member's first touch of the
// page or when it first opens: only a tap on 出价 shows it.
const BidSheet = lazySheet<BidSheetProps>(() => import('./bid-sheet').then((module) => module.BidSheet));

/** After the end by the clock, how often to look until the server has settled the lot. */
const SETTLE_RECHECK_MS = 2000;

/** The max bid waiting for its trade password, and the deposit it would freeze. */
interface PendingBid {
  maxBid: number;
  deposit: number;
}

type ChainProblem = 'missing' | 'duplicate' | 'link' | 'hash';
type ChainVerdict =
  | { state: 'checking' }
  | { state: 'ok'; length: number }
  | { state: 'broken'; seq: number; problem: ChainProblem | 'unavailable' };

function BidHistory({ lot }: { lot: LotDetail }) {
  const { t } = useTranslation();
  // A verdict speaks of the list it checked: a new bid puts it away.
  const [checked, setChecked] = useState<{ bidCount: number; verdict: ChainVerdict } | null>(null);
  const chain = checked && checked.bidCount === lot.bidCount ? checked.verdict : { state: 'idle' as const };
  const verify = async () => {
    const bidCount = lot.bidCount;
    setChecked({ bidCount, verdict: { state: 'checking' } });
    let verdict: ChainVerdict;
    try {
      const result = await checkBidChain(lot.id, lot.bids);
      verdict = result.ok
        ? { state: 'ok', length: result.length }
        : { state: 'broken', seq: result.seq, problem: result.problem };
    } catch {
      verdict = { state: 'broken', seq: 0, problem: 'unavailable' };
    }
    setChecked({ bidCount, verdict });
  };
  return (
    <section className="lot-section" data-testid="lot-bids">
      <div className="lot-section-head">
        <h2 className="lot-section-title">{t('lot.history', { count: lot.bidCount })}</h2>
        {lot.bids.length > 0 && (
          <button
            type="button"
            className="lot-verify tap-target"
            onClick={() => void verify()}
            disabled={chain.state === 'checking'}
            data-testid="lot-verify-chain"
          >
            {t('lot.verifyChain')}
          </button>
        )}
      </div>
      {chain.state === 'ok' && (
        <p className="lot-chain lot-chain-ok" role="status" data-testid="lot-chain-result" data-ok="true">
          <ShieldCheckIcon /> {t('lot.chainOk', { count: chain.length })}
        </p>
      )}
      {chain.state === 'broken' && (
        <p className="lot-chain lot-chain-broken" role="status" data-testid="lot-chain-result" data-ok="false">
          <ShieldCrossIcon />{' '}
          {chain.problem === 'unavailable'
            ? t('lot.chainUnavailable')
            : t('lot.chainBroken', {
                seq: chain.seq,
                problem: t(`lot.chainProblem.${chain.problem as ChainProblem}`),
              })}
        </p>
      )}
      {lot.bids.length === 0 ? (
        <p className="lot-empty" data-testid="lot-bids-empty">
          {t('lot.noBids')}
        </p>
      ) : (
        <ol className="lot-bid-list">
          {lot.bids.map((bid: PublicBid, index) => (
            <li
              key={bid.seq}
              className={`lot-bid${index === 0 ? ' lot-bid-top' : ''}${bid.raise ? ' lot-bid-raise' : ''}${bid.voided ? ' lot-bid-voided' : ''}`}
              data-testid="lot-bid"
              data-seq={bid.seq}
            >
              <span className="lot-bid-seq">#{bid.seq}</span>
              <span className="lot-bid-who">
                <span className="lot-bid-bidder">{bid.bidder}</span>
                <span className="lot-bid-time">{formatDateTime(bid.at)}</span>
              </span>
              {/* A leader raising their own maximum: no new price, so none is shown as if one were bid. */}
              {bid.raise ? (
                <span className="lot-bid-raised" title={t('lot.raisedMaxHint')} data-testid="lot-bid-raised">
                  {t('lot.raisedMax')}
                </span>
              ) : (
                <span className="lot-bid-amount" data-testid="lot-bid-amount" data-fen={bid.amount}>
                  {formatMoney(bid.amount)}
                </span>
              )}
              {index === 0 && !bid.voided && <span className="lot-bid-lead">{t('lot.topBid')}</span>}
              <VoidedBidReason bid={bid} />
            </li>
          ))}
        </ol>
      )}
      <p className="lot-chain-note">{t('lot.chainNote')}</p>
    </section>
  );
}

function LotSkeleton() {
  return (
    <div className="lot-page" aria-busy="true" data-testid="lot-loading">
      <div className="lazy-image lazy-image-loading" style={{ aspectRatio: '1' }} />
      <div className="skeleton-lines">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    </div>
  );
}

/** One lot: pictures, price and countdown, the member's standing, the public bid chain, and bidding. */
export default function AuctionPage() {
  const { t } = useTranslation();
  const id = Number(usePageParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const [settling, setSettling] = useState(false);
  const query = useLotQuery(validId ? id : 0, { refetchInterval: settling ? SETTLE_RECHECK_MS : false });
  useLotStream(validId ? [id] : []);
  if (!validId) return <EmptyState title={t('lot.notFound')} testId="lot-not-found" />;
  if (query.isPending) return <LotSkeleton />;
  if (query.isError) {
    return isRequestError(query.error) && query.error.code === 404 ? (
      <EmptyState title={t('lot.notFound')} testId="lot-not-found" />
    ) : (
      <EmptyState
        status="error"
        title={t('lot.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="lot-error"
      />
    );
  }
  return <LotView lot={query.data} onSettling={setSettling} />;
}

function LotView({ lot, onSettling }: { lot: LotDetail; onSettling(settling: boolean): void }) {
  const { t } = useTranslation();
  const status = useShownLotStatus(lot);
  useMemberInfoQuery();
  const member = useUserStore((state) => state.userInfo);
  // What lies below the first screen renders in the frame after it.
  const below = useAfterFirstPaint();
  const [sheetOpen, setSheetOpen] = useState(false);

  const bid = useTradePasswordAction<PendingBid, Lot>({
    hasTradePassword: member?.hasTradePassword,
    describe: (pending) => t('bid.passwordFor', { amount: formatMoney(pending.maxBid) }),
    send: (pending, tradePassword, key) => placeBid({ id: lot.id, maxBid: pending.maxBid, tradePassword }, key),
    onDone: (result) => {
      queryClient.setQueryData<LotDetail>(lotKey(lot.id), (old) => (old ? { ...old, ...result } : old));
      void queryClient.invalidateQueries({ queryKey: ['auction'] });
      void queryClient.invalidateQueries({ queryKey: memberInfoKey });
      if (result.leading) showSuccessToast(t('bid.leading'));
      else void showMessageBox({ msg: t('bid.outbidAtOnce'), showCancel: false });
    },
    onRefused: async (error, pending) => {
      switch (error.reason) {
        case 'REAL_NAME_REQUIRED':
          void offerRealName(t, member?.realNameStatus);
          break;
        case 'INSUFFICIENT_BALANCE':
          void queryClient.invalidateQueries({ queryKey: memberInfoKey });
          void explainTopUp(t, member?.balance, pending.deposit);
          break;
        case 'BID_TOO_LOW': {
          const minimum = refusedMinimum(error);
          if (minimum !== undefined)
            queryClient.setQueryData<LotDetail>(lotKey(lot.id), (old) =>
              old ? { ...old, nextMinimum: minimum } : old,
            );
          void queryClient.invalidateQueries({ queryKey: lotKey(lot.id) });
          const again = await showMessageBox({
            msg: bidRefusalText(t, error) ?? describeError(error, t),
            confirmText: t('bid.again'),
          });
          if (again) setSheetOpen(true);
          break;
        }
        default: {
          void queryClient.invalidateQueries({ queryKey: lotKey(lot.id) });
          void showMessageBox({ msg: bidRefusalText(t, error) ?? describeError(error, t), showCancel: false });
        }
      }
    },
  });

  // The price moved past the max bid waiting for its trade password: the keypad would send a bid
  // the server must refuse, so it closes and the sheet opens again from the new minimum.
  const [priceMoved, setPriceMoved] = useState(false);
  const overtaken = bid.pending !== null && bid.pending.maxBid < lot.nextMinimum && !bid.busy;
  const closeKeypad = bid.close;
  useEffect(() => {
    if (!overtaken) return;
    closeKeypad();
    setPriceMoved(true);
    setSheetOpen(true);
  }, [overtaken, closeKeypad]);

  // The sheet, once opened on a live lot, stays until the member closes it or the house has
  // closed the lot: not when this device's clock reads the end, which a soft close may still
  // move in the last seconds (and the server judges a late bid anyway). Closing and opening
  // again would start the amount over from the minimum.
  const closedByHouse = lot.status !== 'upcoming' && lot.status !== 'live';

  // Past the end by the clock but not settled yet: look again until the server has closed it.
  const awaitingClose = status === 'ended' && lot.status !== 'sold' && lot.status !== 'unsold';
  useEffect(() => onSettling(awaitingClose), [awaitingClose, onSettling]);

  const openSheet = () => {
    if (lot.ownLot) return;
    if (member && member.realNameStatus !== 'verified') {
      void offerRealName(t, member.realNameStatus);
      return;
    }
    if (bid.checkSetUp()) setSheetOpen(true);
  };

  const images = lot.images.length > 0 ? lot.images : [lot.cover].filter(Boolean);
  const priceLabel =
    status === 'sold' ? t('auction.hammer') : lot.bidCount > 0 ? t('auction.current') : t('auction.start');
  const isWinner = status === 'sold' && lot.myOrderId !== undefined;

  let action;
  if (isWinner) {
    action = (
      <Button
        color="primary"
        shape="rounded"
        block
        className="gold-button"
        onClick={() => go(pagePath('order', { id: lot.myOrderId! }))}
        data-testid="lot-pay"
      >
        {t('lot.payOrder')}
      </Button>
    );
  } else if (lot.ownLot && (status === 'live' || status === 'upcoming')) {
    // Refused before anything is typed: no button, no keypad, the reason in words.
    action = (
      <p className="lot-own" role="note" data-testid="lot-own">
        {t('lot.ownLot')}
      </p>
    );
  } else if (status === 'live') {
    action = (
      <Button
        color="primary"
        shape="rounded"
        block
        className="gold-button"
        onClick={openSheet}
        data-testid="lot-bid-button"
      >
        {lot.myMaxBid !== undefined ? t('lot.raise') : t('lot.bid')}
      </Button>
    );
  } else {
    action = (
      <Button shape="rounded" block disabled data-testid="lot-bid-button">
        {status === 'upcoming' ? t('lot.notStarted') : t(`auction.status.${status}`)}
      </Button>
    );
  }

  return (
    <div className="lot-page" data-testid="lot-page" data-id={lot.id} data-status={status}>
      <Gallery images={images} title={lot.title} testId="lot" />
      <section className="lot-summary">
        <div className="lot-status-row">
          <span className={`lot-state lot-state-${status}`} data-testid="lot-status">
            {t(`auction.status.${status}`)}
          </span>
          <LotCountdown lot={lot} className="lot-summary-countdown" testId="lot-countdown" />
        </div>
        <h1 className="lot-title" data-testid="lot-title">
          {lot.title}
        </h1>
        <LotFollowBar lot={lot} />
        <div className="lot-price-row">
          <span className="lot-price-label">{priceLabel}</span>
          <span data-testid="lot-price" data-fen={lot.currentPrice}>
            <PriceText fen={lot.currentPrice} size="lg" />
          </span>
          <MyLotStatus lot={lot} />
        </div>
        <dl className="lot-facts">
          <div>
            <dt>{t('lot.nextMinimum')}</dt>
            <dd data-testid="lot-next-minimum" data-fen={lot.nextMinimum}>
              {status === 'live' || status === 'upcoming' ? formatMoney(lot.nextMinimum) : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('lot.startPrice')}</dt>
            <dd data-testid="lot-start-price">{formatMoney(lot.startPrice)}</dd>
          </div>
          <div>
            <dt>{t('lot.bids')}</dt>
            <dd data-testid="lot-bid-count">{lot.bidCount}</dd>
          </div>
          <div>
            <dt>{t('lot.reserve')}</dt>
            <dd
              data-testid="lot-reserve"
              data-met={lot.reserveMet}
              className={lot.reserveMet ? 'lot-met' : 'lot-unmet'}
            >
              {/* Met before any bid: the lot has no reserve at all. */}
              {lot.reserveMet
                ? lot.bidCount === 0
                  ? t('lot.noReserve')
                  : t('lot.reserveMet')
                : t('lot.reserveNotMet')}
            </dd>
          </div>
        </dl>
        {lot.myMaxBid !== undefined && (
          <p className="lot-mine-line" data-testid="lot-my-max">
            {t('lot.myMax', { amount: formatMoney(lot.myMaxBid) })}
            {lot.myDeposit !== undefined && lot.myDeposit > 0 && (
              <span> · {t('lot.myDeposit', { amount: formatMoney(lot.myDeposit) })}</span>
            )}
          </p>
        )}
        {status === 'sold' && lot.winnerMasked && (
          <p className="lot-winner" data-testid="lot-winner">
            {isWinner ? t('lot.youWon') : t('lot.winner', { winner: lot.winnerMasked })}
          </p>
        )}
        {status === 'unsold' && (
          <p className="lot-winner lot-winner-unsold" data-testid="lot-unsold">
            {t('lot.unsoldText')}
          </p>
        )}
        <WithdrawnNotice lot={lot} />
        {lot.consigned && <p className="lot-consigned">{t('lot.consigned')}</p>}
      </section>

      {below && (
        <>
          <BidHistory lot={lot} />

          <PieceRecord piece={lot} kind="lot" />

          <PieceDescription html={lot.description} kind="lot" />

          <ConditionSection condition={lot.condition} certificate={lot.certificate} />
          <LotQuestions
            lot={lot}
            status={status}
            onAsked={() => queryClient.invalidateQueries({ queryKey: lotKey(lot.id) })}
          />
          <Comparables items={lot.comparables} />
        </>
      )}
      <div className="lot-bar">{action}</div>

      <BidSheet
        lot={lot}
        visible={sheetOpen && !closedByHouse && !lot.ownLot}
        priceMoved={priceMoved}
        onClose={() => {
          setSheetOpen(false);
          setPriceMoved(false);
        }}
        onConfirm={(maxBid, figures) => {
          setSheetOpen(false);
          setPriceMoved(false);
          bid.open({ maxBid, deposit: figures.depositToFreeze });
        }}
        balance={member?.balance}
        onTopUp={(missing) => {
          setSheetOpen(false);
          setPriceMoved(false);
          // The top-up page suggests what is missing and, once the money has arrived, leads back here.
          goAndReturn(rechargePath(undefined, missing), pagePath('lot', { id: lot.id }));
        }}
      />
      {bid.popup}
    </div>
  );
}
