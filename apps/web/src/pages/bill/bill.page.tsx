import { billTypes, type BillType } from '@antique/shared';
import { Dropdown, type DropdownRef } from 'antd-mobile';
import { useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { useBillPages } from '../../features/wallet/bill.api';
import { BillItem } from '../../features/wallet/bill-item';
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
  const paged = useBillPages(type);
  const { firstPage } = paged;
  const dropdown = useRef<DropdownRef>(null);

  const choose = (next: BillType | undefined) => {
    dropdown.current?.close();
    setParams(next ? { type: next } : {}, { replace: true });
    window.scrollTo(0, 0);
  };

  return (
    <div className="bill-page" data-testid="bill-page">
      <PullRefresh onRefresh={() => paged.query.refetch()}>
        <section className="paged-list-summary bill-summary">
          <div>
            <div className="paged-list-summary-label">{t('bill.balance')}</div>
            <div className="paged-list-summary-value" data-testid="bill-balance">
              {firstPage ? formatMoney(firstPage.balance) : '—'}
            </div>
          </div>
          <div>
            <div className="paged-list-summary-label">{t('bill.frozen')}</div>
            <div className="paged-list-summary-value bill-summary-value-secondary" data-testid="bill-frozen">
              {firstPage ? formatMoney(firstPage.frozen) : '—'}
            </div>
          </div>
          <div className="bill-summary-actions">
            <button
              type="button"
              className="my-copy tap-target bill-recharge"
              onClick={() => go(routePaths.recharge)}
              data-testid="bill-recharge"
            >
              {t('routes.recharge')}
            </button>
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
          <PagedListBody
            paged={paged}
            loading={<LinesSkeleton className="bill-list" lines={6} testId="bill-loading" />}
            errorTitle={t('bill.loadFailed')}
            empty={{ title: type ? t('bill.emptyType') : t('bill.empty') }}
            testId="bill"
            listClassName="bill-list"
            renderItem={(bill) => <BillItem bill={bill} />}
          />
        </div>
      </PullRefresh>
    </div>
  );
}
