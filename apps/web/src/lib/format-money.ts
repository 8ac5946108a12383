import { currentLocale, type Locale } from './i18n';

// One formatter per locale and sign style; Intl.NumberFormat is costly to create.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, signed: boolean): Intl.NumberFormat {
  const key = `${locale}:${signed}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CNY',
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formats.set(key, format);
  }
  return format;
}

/** 1234567 → "1,234,567": groups of three, as every language the app speaks groups yuan in zh-Hans. */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * ¥1,234.56 without Intl, as `Intl.NumberFormat('zh-Hans', currency CNY)` writes it (the tests
 * compare the two): the first use of Intl on a page costs 40–80 ms while the browser loads its
 * locale data, and a Chinese member's first screen shows prices before anything else.
 */
function zhHansParts(fen: number, signed: boolean): Intl.NumberFormatPart[] {
  if (!Number.isSafeInteger(fen)) throw new TypeError(`not an amount in fen: ${fen}`);
  const abs = Math.abs(fen);
  const parts: Intl.NumberFormatPart[] = [];
  if (fen < 0) parts.push({ type: 'minusSign', value: '-' });
  else if (signed && fen > 0) parts.push({ type: 'plusSign', value: '+' });
  parts.push({ type: 'currency', value: '¥' });
  groupThousands(Math.floor(abs / 100))
    .split(',')
    .forEach((group, i) => {
      if (i > 0) parts.push({ type: 'group', value: ',' });
      parts.push({ type: 'integer', value: group });
    });
  parts.push({ type: 'decimal', value: '.' }, { type: 'fraction', value: String(abs % 100).padStart(2, '0') });
  return parts;
}

/** Yuan as an exact decimal string: no floating point touches money, not even for display. */
function yuanOf(fen: number): `${number}` {
  if (!Number.isSafeInteger(fen)) throw new TypeError(`not an amount in fen: ${fen}`);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` as `${number}`;
}

export interface MoneyOptions {
  locale?: Locale;
  /** '+' before money coming in, as a bill shows it. */
  signed?: boolean;
}

/**
 * An amount in fen as the member's language writes renminbi: ¥1,234.00 in simplified
 * Chinese; elsewhere a bare ¥ reads as yen, so CN¥1,234.00, 1 234,00 CN¥.
 */
export function moneyParts(fen: number, { locale = currentLocale(), signed = false }: MoneyOptions = {}) {
  if (locale === 'zh-Hans') return zhHansParts(fen, signed);
  const parts = numberFormat(locale, signed).formatToParts(yuanOf(fen));
  return parts.map((part) => (part.type === 'currency' && part.value !== '¥' ? { ...part, value: 'CN¥' } : part));
}

/** The app's one way to show money. */
export function formatMoney(fen: number, options?: MoneyOptions): string {
  return moneyParts(fen, options)
    .map((part) => part.value)
    .join('');
}
