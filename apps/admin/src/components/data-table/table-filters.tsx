import type { ReactNode } from 'react';
import { DatePicker, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { SearchBox } from '../search-box';

/**
 * One filter of a list: how its URL parameter reads and writes, and the control that
 * sets it. Methods, not arrow properties, so that a page's filters of different value
 * types sit together in one record.
 */
export interface TableFilter<V> {
  parse(raw: string | undefined): V;
  format(value: V): string | undefined;
  /** Whether the value narrows the list (empty texts, 「清除筛选」). */
  active(value: V): boolean;
  /** No control: a parameter the page sets itself, such as an open drawer's id. */
  render?(props: { value: V; onChange(value: V): void }): ReactNode;
  /** On the toolbar's second line. */
  below?: boolean;
}

export type TableFilters = Record<string, TableFilter<unknown>>;
export type FilterValues<F extends TableFilters> = { [K in keyof F]: F[K] extends TableFilter<infer V> ? V : never };

export function parseId(raw: string | undefined): number | undefined {
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n > 0 ? n : undefined;
}

export const parseOneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string | undefined): T | undefined =>
    (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;

const isSet = (value: unknown) => value !== undefined;
const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 10);

interface SearchOptions {
  placeholder: string;
  maxLength: number;
  width?: number;
  testId: string;
  sanitize?: (text: string) => string;
  buttonText?: string;
  below?: boolean;
}

/** Free text, applied on Enter or the button. */
export function searchFilter({ below, ...box }: SearchOptions): TableFilter<string | undefined> {
  return {
    parse: (raw) => raw,
    format: (value) => value,
    active: isSet,
    below,
    render: ({ value, onChange }) => <SearchBox value={value} onSearch={onChange} {...box} />,
  };
}

/** A record's id typed as digits (a member id). */
export function idSearchFilter({ below, ...box }: Omit<SearchOptions, 'sanitize'>): TableFilter<number | undefined> {
  return {
    parse: parseId,
    format: (value) => (value === undefined ? undefined : String(value)),
    active: isSet,
    below,
    render: ({ value, onChange }) => (
      <SearchBox
        value={value === undefined ? undefined : String(value)}
        onSearch={(text) => onChange(parseId(text))}
        sanitize={digitsOnly}
        buttonText="筛选"
        {...box}
      />
    ),
  };
}

interface SelectOptions<T extends string | number> {
  parse: (raw: string | undefined) => T | undefined;
  options: { value: T; label: string }[];
  placeholder: string;
  width: number;
  testId: string;
  /** Type to narrow the options by their label. */
  searchable?: boolean;
  loading?: boolean;
  below?: boolean;
}

/** One of several values, or none (cleared). */
export function selectFilter<T extends string | number>(o: SelectOptions<T>): TableFilter<T | undefined> {
  return {
    parse: o.parse,
    format: (value) => (value === undefined ? undefined : String(value)),
    active: isSet,
    below: o.below,
    render: ({ value, onChange }) => (
      <Select<T>
        allowClear
        showSearch={o.searchable ? { optionFilterProp: 'label' } : undefined}
        placeholder={o.placeholder}
        style={{ width: o.width }}
        loading={o.loading}
        value={value}
        onChange={(next) => onChange(next)}
        options={o.options}
        data-testid={o.testId}
      />
    ),
  };
}

/** Tabs of values; the default one is kept out of the URL. */
export function segmentedFilter<T extends string>(o: {
  options: { value: T; label: string }[];
  defaultValue: T;
  testId: string;
  /** Values the URL may hold beyond the tabs (an old link). */
  alsoAccept?: readonly T[];
}): TableFilter<T> {
  const known = parseOneOf([...o.options.map((option) => option.value), ...(o.alsoAccept ?? [])]);
  return {
    parse: (raw) => known(raw) ?? o.defaultValue,
    format: (value) => (value === o.defaultValue ? undefined : value),
    active: (value) => value !== o.defaultValue,
    render: ({ value, onChange }) => (
      <Segmented<T> options={o.options} value={value} onChange={onChange} data-testid={o.testId} />
    ),
  };
}

/** A record id the page keeps in the URL without a control (the order a drawer shows). */
export function idParam(): TableFilter<number | undefined> {
  return {
    parse: parseId,
    format: (value) => (value === undefined ? undefined : String(value)),
    active: () => false,
  };
}

export interface DayRange {
  /** The first day's 00:00, epoch ms. */
  from: number;
  /** The 00:00 after the last day (exclusive), epoch ms. */
  to: number;
}

const DAY_SPAN = /^(\d{8})-(\d{8})$/;
/** A calendar day typed as 20261101, or an invalid date for 20261131. */
const dayOf = (text: string) => {
  const day = dayjs(new Date(Number(text.slice(0, 4)), Number(text.slice(4, 6)) - 1, Number(text.slice(6, 8))));
  return day.format('YYYYMMDD') === text ? day : dayjs(NaN);
};

/** Days from … to … in the browser's time zone, kept in the URL as 20261101-20261130. */
export function dateRangeFilter(o: { testId: string; below?: boolean }): TableFilter<DayRange | undefined> {
  return {
    parse: (raw) => {
      const m = DAY_SPAN.exec(raw ?? '');
      if (!m) return undefined;
      const start = dayOf(m[1]!);
      const end = dayOf(m[2]!);
      if (!start.isValid() || !end.isValid() || end.isBefore(start)) return undefined;
      return { from: start.startOf('day').valueOf(), to: end.add(1, 'day').startOf('day').valueOf() };
    },
    format: (value) =>
      value
        ? `${dayjs(value.from).format('YYYYMMDD')}-${dayjs(value.to).subtract(1, 'day').format('YYYYMMDD')}`
        : undefined,
    active: isSet,
    below: o.below,
    render: ({ value, onChange }) => (
      <DatePicker.RangePicker
        allowClear
        value={value ? [dayjs(value.from), dayjs(value.to).subtract(1, 'day')] : null}
        onChange={(range) => {
          const [start, end] = range ?? [null, null];
          onChange(
            start && end
              ? { from: start.startOf('day').valueOf(), to: end.add(1, 'day').startOf('day').valueOf() }
              : undefined,
          );
        }}
        data-testid={o.testId}
      />
    ),
  };
}
