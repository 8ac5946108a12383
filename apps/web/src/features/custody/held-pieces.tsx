import type { Holding } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { showToast } from '../../lib/toast';
import { HoldingCard } from './holding-card';

/** The contract's MAX_PICK_HOLDINGS, written here so that this page does not bring the schemas (zod) with it. */
export const MAX_PICK_HOLDINGS = 20;

interface HeldPiecesProps {
  holdings: readonly Holding[];
  onOpen(holding: Holding): void;
  /** Ship the chosen pieces. */
  onPick(holdings: Holding[]): void;
  /** Consign the one chosen piece. */
  onDelegate(holding: Holding): void;
}

/**
 * The held pieces with a check each, and what can be done with the chosen ones: pick up, or
 * consign one. The choice stays until the page remounts it (after a pick-up was asked for).
 */
export function HeldPieces({ holdings, onOpen, onPick, onDelegate }: HeldPiecesProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const available = holdings.filter((holding) => holding.status === 'held');
  const selected = available.filter((holding) => chosen.has(holding.id));
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size >= MAX_PICK_HOLDINGS) {
        showToast(t('pick.tooMany', { count: MAX_PICK_HOLDINGS }));
        return current;
      } else next.add(id);
      return next;
    });
  const allChosen = available.length > 0 && selected.length === Math.min(available.length, MAX_PICK_HOLDINGS);
  return (
    <div className="held-list">
      {holdings.map((holding) => (
        <HoldingCard
          key={holding.id}
          holding={holding}
          onOpen={() => onOpen(holding)}
          selection={
            holding.status === 'held'
              ? { selected: chosen.has(holding.id), onToggle: () => toggle(holding.id) }
              : undefined
          }
        />
      ))}
      <div className="held-bar" data-testid="held-bar">
        <button
          type="button"
          className="held-select-all tap-target"
          onClick={() =>
            setChosen(
              allChosen ? new Set() : new Set(available.slice(0, MAX_PICK_HOLDINGS).map((holding) => holding.id)),
            )
          }
          data-testid="held-select-all"
        >
          {allChosen ? t('pick.clear') : t('pick.selectAll')}
        </button>
        <span className="held-bar-count" data-testid="held-count" data-count={selected.length}>
          {t('pick.chosenPrefix')}
          <b>{selected.length}</b>
          {t('pick.chosenSuffix')}
        </span>
        <Button
          shape="rounded"
          className="outline-gold-button"
          disabled={selected.length !== 1}
          onClick={() => selected[0] && onDelegate(selected[0])}
          data-testid="held-delegate"
        >
          {t('pick.delegate')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          className="gold-button"
          disabled={selected.length === 0}
          onClick={() => onPick(selected)}
          data-testid="held-pick"
        >
          {t('pick.request')}
        </Button>
      </div>
    </div>
  );
}
