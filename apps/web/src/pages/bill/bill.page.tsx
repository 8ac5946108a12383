import { billTypes, type BillType } from '@antique/shared';
import { Dropdown, Skeleton, type DropdownRef } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state/empty-state';
import { InfiniteList } from '../../components/infinite-list/infinite-list';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { useBillPages } from '../../features/wallet/bill.api';
import { BillItem } from '../../features/wallet/bill-item';
import { describeError } from '../../lib/describe-error';
import './bill.css';
import { formatMoney } from '../../lib/format-money';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';

function isBillType(value: string | null): value is BillType {
  return value !== null && (billTypes as readonly string[]).includes(value);
}

/** The member's ledger: the wallet on top, a filter by type, every entry signed with the balance after it. */
export default function BillPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const type = isBillType(requested) ? requested : undefined;
  const { query, items, listProps, firstPage } = useBillPages(type);
  const dropdown = useRef<DropdownRef>(null);

  const choose = (next: BillType | undefined) => {
    dropdown.current?.close();
    setParams(next ? { type: next } : {}, { replace: true });
    window.scrollTo(0, 0);
  };

  let body;
  if (query.isPending) {
    body = (
      <div className="bill-list skeleton-lines" aria-busy="true" data-testid="bill-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  } else if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={t('bill.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="bill-error"
      />
    );
  } else if (items.length === 0) {
    body = <EmptyState title={type ? t('bill.emptyType') : t('bill.empty')} testId="bill-empty" />;
  } else {
    body = (
      <ul className="bill-list" data-testid="bill-list">
        {items.map((bill) => (
          <BillItem key={bill.id} bill={bill} />
        ))}
      </ul>
    );
  }

  return (
    <div className="bill-page" data-testid="bill-page">
      <PullRefresh onRefresh={() => query.refetch()}>
        <section className="bill-summary">
          <div>
            <div className="bill-summary-label">{t('bill.balance')}</div>
            <div className="bill-summary-value" data-testid="bill-balance">
              {firstPage ? formatMoney(firstPage.balance) : '—'}
            </div>
          </div>
          <div>
            <div className="bill-summary-label">{t('bill.frozen')}</div>
            <div className="bill-summary-value bill-summary-value-secondary" data-testid="bill-frozen">
              {firstPage ? formatMoney(firstPage.frozen) : '—'}
            </div>
          </div>
          <div className="bill-summary-actions">
            <button
              type="button"
              className="my-copy tap-target"
              onClick={() => go(routePaths.withdraw)}
              data-testid="bill-withdraw"
            >
              {t('my.withdraw')}
            </button>
            <button
              type="button"
              className="my-copy tap-target"
              onClick={() => go(routePaths.withdrawRecord)}
              data-testid="bill-withdraw-record"
            >
              {t('my.withdrawRecord')}
            </button>
          </div>
        </section>
        <div className="bill-filter">
          <span className="bill-filter-label">{t('bill.records')}</span>
          <Dropdown ref={dropdown} className="bill-dropdown">
            <Dropdown.Item
              key="type"
              title={<span data-testid="bill-type-filter">{type ? t(`bill.types.${type}`) : t('bill.allTypes')}</span>}
            >
              <div className="bill-type-options" role="listbox" aria-label={t('bill.filter')}>
                <button
                  type="button"
                  role="option"
                  aria-selected={type === undefined}
                  className={type === undefined ? 'bill-type-option bill-type-option-active' : 'bill-type-option'}
                  onClick={() => choose(undefined)}
                  data-testid="bill-type-all"
                >
                  {t('bill.allTypes')}
                </button>
                {billTypes.map((option) => (
                  <button
                    type="button"
                    role="option"
                    key={option}
                    aria-selected={type === option}
                    className={type === option ? 'bill-type-option bill-type-option-active' : 'bill-type-option'}
                    onClick={() => choose(option)}
                    data-testid={`bill-type-${option}`}
                  >
                    {t(`bill.types.${option}`)}
                  </button>
                ))}
              </div>
            </Dropdown.Item>
          </Dropdown>
        </div>
        <div className="bill-body">
          <InfiniteList {...listProps} testId="bill-infinite">
            {body}
          </InfiniteList>
        </div>
      </PullRefresh>
    </div>
  );
}
