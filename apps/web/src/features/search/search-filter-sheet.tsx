import { eraChoices, parseYuan, yuanForInput, type Category, type LotListStatus } from '@antique/shared';
import { Button } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { SearchFilters } from './search.api';
import './search.css';

export interface SheetValue extends SearchFilters {
  status?: LotListStatus;
}

function Chips<T extends string | number>({
  options,
  value,
  onChange,
  testId,
}: {
  options: readonly { value: T | undefined; label: string }[];
  value: T | undefined;
  onChange(value: T | undefined): void;
  testId: string;
}) {
  return (
    <div className="search-chips" role="radiogroup">
      {options.map((o) => (
        <button
          type="button"
          role="radio"
          key={String(o.value ?? 'any')}
          aria-checked={o.value === value}
          className={o.value === value ? 'search-chip search-chip-active' : 'search-chip'}
          onClick={() => onChange(o.value)}
          data-testid={testId}
          data-value={o.value ?? ''}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** The filter sheet: department (with its sub-departments), era, price range in yuan, and a lot's status. */
export function SearchFilterSheet({
  visible,
  value,
  categories,
  showStatus,
  onClose,
  onApply,
}: {
  visible: boolean;
  /** The departments (the catalogue's categories, two levels). */
  categories: readonly Category[];
  value: SheetValue;
  showStatus: boolean;
  onClose(): void;
  onApply(value: SheetValue): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SheetValue>(value);
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [priceError, setPriceError] = useState('');
  // As it opens, before anything can be typed into it (a layout effect).
  useLayoutEffect(() => {
    if (!visible) return;
    setDraft(value);
    setMin(value.minPrice !== undefined ? yuanForInput(value.minPrice) : '');
    setMax(value.maxPrice !== undefined ? yuanForInput(value.maxPrice) : '');
    setPriceError('');
  }, [visible, value]);

  const chosen = categories.find((c) => c.id === draft.categoryId);
  const top = chosen && chosen.parentId !== null ? chosen.parentId : draft.categoryId;
  const children = top !== undefined ? categories.filter((c) => c.parentId === top) : [];
  const any = t('search.filter.any');

  const apply = () => {
    const minPrice = min.trim() ? parseYuan(min) : undefined;
    const maxPrice = max.trim() ? parseYuan(max) : undefined;
    if (minPrice === null || maxPrice === null) return setPriceError(t('search.filter.priceInvalid'));
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      return setPriceError(t('search.filter.priceOrder'));
    }
    onApply({ ...draft, minPrice, maxPrice });
  };

  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="search-sheet">
      <div className="search-sheet-body" data-testid="search-filter-sheet">
        <h3 className="search-sheet-title">{t('search.filter.title')}</h3>
        <div className="search-sheet-label">{t('search.filter.department')}</div>
        <Chips
          options={[
            { value: undefined, label: any },
            ...categories.filter((c) => c.parentId === null).map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={top}
          onChange={(categoryId) => setDraft({ ...draft, categoryId })}
          testId="search-filter-department"
        />
        {children.length > 0 && (
          <Chips
            options={[
              { value: top, label: t('search.filter.wholeDepartment') },
              ...children.map((c) => ({ value: c.id, label: c.name })),
            ]}
            value={draft.categoryId}
            onChange={(categoryId) => setDraft({ ...draft, categoryId })}
            testId="search-filter-subdepartment"
          />
        )}
        <div className="search-sheet-label">{t('search.filter.era')}</div>
        <Chips
          options={[{ value: undefined, label: any }, ...eraChoices.map((e) => ({ value: e as string, label: e }))]}
          value={draft.era}
          onChange={(era) => setDraft({ ...draft, era })}
          testId="search-filter-era"
        />
        <div className="search-sheet-label">{t('search.filter.price')}</div>
        <div className="search-price">
          <input
            inputMode="decimal"
            className="search-price-input"
            placeholder={t('search.filter.min')}
            value={min}
            onChange={(e) => setMin(e.target.value)}
            aria-label={t('search.filter.min')}
            data-testid="search-filter-min"
          />
          <span className="search-price-dash">—</span>
          <input
            inputMode="decimal"
            className="search-price-input"
            placeholder={t('search.filter.max')}
            value={max}
            onChange={(e) => setMax(e.target.value)}
            aria-label={t('search.filter.max')}
            data-testid="search-filter-max"
          />
        </div>
        {priceError && (
          <p className="search-price-error" role="alert" data-testid="search-filter-price-error">
            {priceError}
          </p>
        )}
        {showStatus && (
          <>
            <div className="search-sheet-label">{t('search.filter.status')}</div>
            <Chips
              options={(['live', 'upcoming', 'ended'] as const).map((s) => ({
                value: s,
                label: t(`auction.tabs.${s}`),
              }))}
              value={draft.status}
              onChange={(status) => setDraft({ ...draft, status: status ?? undefined })}
              testId="search-filter-status"
            />
          </>
        )}
        <div className="search-sheet-actions">
          <Button
            shape="rounded"
            className="outline-gold-button"
            onClick={() => {
              setDraft({ keyword: draft.keyword });
              setMin('');
              setMax('');
              setPriceError('');
            }}
            data-testid="search-filter-reset"
          >
            {t('search.filter.reset')}
          </Button>
          <Button
            color="primary"
            shape="rounded"
            className="gold-button"
            onClick={apply}
            data-testid="search-filter-apply"
          >
            {t('search.filter.apply')}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
