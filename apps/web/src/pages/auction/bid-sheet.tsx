import {
  bidSheet,
  DEFAULT_AUCTION_RULES,
  incrementAt,
  parseYuan,
  yuanForInput,
  type AuctionRules,
  type BidSheet as BidSheetFigures,
  type Lot,
} from '@antique/shared';
import { Button } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PriceText } from '../../components/price/price-text';
import { formatMoney } from '../../lib/format-money';
import { RuleLink } from '../../features/rule/rule-link';
// The sheet's styles sit with the auctions' (the lot cards' and the home shelves').
import '../../features/auctions/auctions.css';

/**
 * The rules the server will apply to a bid on this lot: the lot's own (the snapshot it was
 * scheduled with: increments, premium and deposit rates), the house's published defaults
 * (PRODUCT.md) for whatever a lot does not carry.
 */
export function lotAuctionRules(lot: Pick<Lot, 'rules'>): AuctionRules {
  const rules = lot.rules;
  if (!rules) return DEFAULT_AUCTION_RULES;
  return {
    ...DEFAULT_AUCTION_RULES,
    increments: rules.increments.length > 0 ? rules.increments : DEFAULT_AUCTION_RULES.increments,
    premiumBps: rules.premiumBps,
    depositBps: rules.depositBps,
  };
}

/**
 * The bid sheet's figures for a max bid: the buyer's premium, the all-in price and the
 * deposit to freeze on top of what the member already froze on this lot, by the lot's rules.
 */
export function bidFigures(
  lot: Pick<Lot, 'myDeposit' | 'rules'>,
  maxBid: number,
  rules: AuctionRules = lotAuctionRules(lot),
) {
  return bidSheet(maxBid, lot.myDeposit ?? 0, rules);
}

/** One increment up from `amount`, and down to no less than `minimum`. */
export function stepUp(amount: number, rules: AuctionRules = DEFAULT_AUCTION_RULES): number {
  return amount + incrementAt(amount, rules.increments);
}
export function stepDown(amount: number, minimum: number, rules: AuctionRules = DEFAULT_AUCTION_RULES): number {
  if (amount <= minimum) return minimum;
  // The step that led up to `amount`: the increment of the band just below it.
  const down = amount - incrementAt(Math.max(0, amount - 1), rules.increments);
  return Math.max(minimum, down);
}

/** "出价即视为同意<link>拍卖规则</link>。…": the sentence around the rule's link, in each language's order. */
function BidRules() {
  const { t } = useTranslation();
  const [before = '', linked = '', after = ''] = /^([\s\S]*)<link>([\s\S]*)<\/link>([\s\S]*)$/
    .exec(t('bid.rules'))
    ?.slice(1) ?? [t('bid.rules')];
  return (
    <p className="bid-sheet-rules" data-testid="bid-sheet-rules">
      {before}
      {linked && (
        <RuleLink id="auction" testId="bid-sheet-rule-link">
          {linked}
        </RuleLink>
      )}
      {after}
    </p>
  );
}

export interface BidSheetProps {
  lot: Lot;
  visible: boolean;
  /** Opened again because the price moved past the bid the member had chosen: say so at once. */
  priceMoved?: boolean;
  onClose(): void;
  /** The max bid the member confirmed, in fen. */
  onConfirm(maxBid: number, figures: BidSheetFigures): void;
  /** The member's available balance, when known: a deposit it cannot cover is said before anything is sent. */
  balance?: number;
  /** Adding the missing money (fen) first, to come back to this lot. */
  onTopUp?(missing: number): void;
}

/** The member's max bid, with what it would cost in all and freeze now, before anything is sent. */
export function BidSheet({ lot, visible, priceMoved = false, onClose, onConfirm, balance, onTopUp }: BidSheetProps) {
  const { t } = useTranslation();
  const rules = lotAuctionRules(lot);
  const minimum = lot.nextMinimum;
  const [text, setText] = useState(() => yuanForInput(minimum));
  // The minimum since the sheet opened: a live price or a refetch that moves it is said, and
  // an amount now below it comes up to it (never below, never an old maximum left standing).
  const [moved, setMoved] = useState(false);
  const seen = useRef<number | null>(null);
  // A layout effect: the sheet's amount is set as it opens, before a key or a paste can
  // reach its input (Preact runs plain effects up to a frame later, after what was typed).
  useLayoutEffect(() => {
    if (!visible) {
      seen.current = null;
      return;
    }
    if (seen.current === null) {
      seen.current = minimum;
      setText(yuanForInput(minimum));
      setMoved(priceMoved);
      return;
    }
    if (minimum === seen.current) return;
    seen.current = minimum;
    setMoved(true);
    setText((current) => {
      const typed = parseYuan(current);
      return typed === null || typed < minimum ? yuanForInput(minimum) : current;
    });
  }, [visible, minimum, priceMoved]);

  const parsed = parseYuan(text);
  const amount = parsed ?? 0;
  const problem =
    parsed === null ? t('bid.invalid') : parsed < minimum ? t('bid.tooLow', { amount: formatMoney(minimum) }) : null;
  const figures = bidFigures(lot, problem ? minimum : amount, rules);
  const leading = lot.leading === true && lot.myMaxBid !== undefined;
  // The deposit this bid freezes, beyond what is available: the server would refuse the bid.
  const depositShort =
    problem === null && balance !== undefined && onTopUp ? Math.max(0, figures.depositToFreeze - balance) : 0;

  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bid-sheet" destroyOnClose>
      <div className="bid-sheet-body" data-testid="bid-sheet">
        <div className="bid-sheet-head">
          <h2 className="bid-sheet-title">{t('bid.title')}</h2>
          <p className="bid-sheet-lot">{lot.title}</p>
        </div>
        {moved && (
          <p className="bid-sheet-moved" role="status" data-testid="bid-sheet-moved">
            {t('bid.priceMoved', { amount: formatMoney(minimum) })}
          </p>
        )}
        {leading && (
          <p className="bid-sheet-note" data-testid="bid-sheet-leading">
            {t('bid.leadingNote', { amount: formatMoney(lot.myMaxBid!) })}
          </p>
        )}
        <div className="bid-sheet-row">
          <span>{t('bid.nextMinimum')}</span>
          <span data-testid="bid-sheet-minimum">
            <PriceText fen={minimum} size="sm" />
          </span>
        </div>
        <label className="bid-sheet-label" htmlFor="bid-sheet-input">
          {t('bid.maxBid')}
        </label>
        <div className="bid-sheet-stepper">
          <button
            type="button"
            className="bid-sheet-step"
            onClick={() => setText(yuanForInput(stepDown(parsed ?? minimum, minimum, rules)))}
            disabled={parsed !== null && parsed <= minimum}
            aria-label={t('bid.stepDown')}
            data-testid="bid-sheet-minus"
          >
            <MinusOutline />
          </button>
          <span className="bid-sheet-input-wrap">
            <span className="bid-sheet-currency">¥</span>
            <input
              id="bid-sheet-input"
              className="bid-sheet-input"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
              data-testid="bid-sheet-input"
            />
          </span>
          <button
            type="button"
            className="bid-sheet-step"
            onClick={() => setText(yuanForInput(stepUp(Math.max(parsed ?? minimum, minimum), rules)))}
            aria-label={t('bid.stepUp')}
            data-testid="bid-sheet-plus"
          >
            <AddOutline />
          </button>
        </div>
        <p className="bid-sheet-hint">
          {problem ? (
            <span className="bid-sheet-error" role="alert" data-testid="bid-sheet-error">
              {problem}
            </span>
          ) : (
            t('bid.proxyHint', { step: formatMoney(incrementAt(amount, rules.increments)) })
          )}
        </p>
        <dl className="bid-sheet-figures">
          <div className="bid-sheet-row">
            <dt>{t('bid.yourBid')}</dt>
            <dd data-testid="bid-sheet-bid">{formatMoney(figures.bid)}</dd>
          </div>
          <div className="bid-sheet-row">
            <dt>{t('bid.premium', { rate: rules.premiumBps / 100 })}</dt>
            <dd data-testid="bid-sheet-premium">{formatMoney(figures.premium)}</dd>
          </div>
          <div className="bid-sheet-row bid-sheet-total">
            <dt>{t('bid.allIn')}</dt>
            <dd data-testid="bid-sheet-all-in">{formatMoney(figures.allIn)}</dd>
          </div>
          <div className="bid-sheet-row">
            <dt>{t('bid.deposit', { rate: rules.depositBps / 100 })}</dt>
            <dd data-testid="bid-sheet-deposit">{formatMoney(figures.depositToFreeze)}</dd>
          </div>
          {(lot.myDeposit ?? 0) > 0 && (
            <div className="bid-sheet-row bid-sheet-sub">
              <dt>{t('bid.frozenAlready')}</dt>
              <dd data-testid="bid-sheet-frozen">{formatMoney(lot.myDeposit!)}</dd>
            </div>
          )}
        </dl>
        <BidRules />
        {depositShort > 0 ? (
          <>
            <p className="bid-sheet-short" role="alert" data-testid="bid-sheet-short">
              {t('bid.depositShort', { balance: formatMoney(balance!), missing: formatMoney(depositShort) })}
            </p>
            <Button
              block
              color="primary"
              shape="rounded"
              className="gold-button"
              size="large"
              onClick={() => onTopUp!(depositShort)}
              data-testid="bid-sheet-top-up"
            >
              {t('bid.topUp')}
            </Button>
          </>
        ) : (
          <Button
            block
            color="primary"
            shape="rounded"
            className="gold-button"
            size="large"
            disabled={problem !== null}
            onClick={() => onConfirm(amount, figures)}
            data-testid="bid-sheet-confirm"
          >
            {t('bid.confirm')}
          </Button>
        )}
      </div>
    </Sheet>
  );
}
