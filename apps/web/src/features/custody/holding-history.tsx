import type { HoldingHistoryEntry } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';

/** Where an entry's `ref` (lot:12, order:34, pick:5) leads in the app. */
export function historyRefPath(ref: string | undefined): string | null {
  const match = /^(lot|order|pick):(\d+)$/.exec(ref ?? '');
  if (!match) return null;
  const id = Number(match[2]);
  if (match[1] === 'lot') return pagePath('lot', { id });
  if (match[1] === 'order') return pagePath('order', { id });
  return pagePath('pickList', { status: 'shipped' });
}

/** A piece's life in the house, oldest first: bought, consigned, listed, sold… with dates and prices. */
export function HoldingHistory({ history }: { history: readonly HoldingHistoryEntry[] }) {
  const { t } = useTranslation();
  if (history.length === 0) return <p className="custody-sheet-text">{t('holding.noHistory')}</p>;
  return (
    <ol className="history-list" data-testid="holding-history">
      {history.map((entry, index) => {
        const target = historyRefPath(entry.ref);
        return (
          <li
            key={`${entry.at}-${index}`}
            className="history-entry"
            data-testid="holding-event"
            data-event={entry.event}
          >
            <div className="history-title">
              <span>{t(`holding.event.${entry.event}`)}</span>
              {entry.price !== undefined && <span data-testid="holding-event-price">{formatMoney(entry.price)}</span>}
            </div>
            <div className="history-time">
              {formatDateTime(entry.at)}
              {target && (
                <>
                  {' · '}
                  <button type="button" className="history-link" onClick={() => go(target)}>
                    {t(`holding.ref.${entry.ref!.split(':')[0] as 'lot' | 'order' | 'pick'}`)}
                  </button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
