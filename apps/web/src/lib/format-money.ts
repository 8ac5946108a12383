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
  const parts = numberFormat(locale, signed).formatToParts(yuanOf(fen));
  return parts.map((part) => (part.type === 'currency' && part.value !== '¥' ? { ...part, value: 'CN¥' } : part));
}

/** The app's one way to show money. */
export function formatMoney(fen: number, options?: MoneyOptions): string {
  return moneyParts(fen, options)
    .map((part) => part.value)
    .join('');
}
