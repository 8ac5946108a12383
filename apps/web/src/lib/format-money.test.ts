import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney, groupThousands, moneyParts } from './format-money';
import { changeLocale } from './i18n';

afterAll(() => changeLocale('zh-Hans', false));

describe('formatMoney', () => {
  it('writes simplified Chinese without Intl exactly as Intl writes it, part for part', () => {
    const amounts = [0, 1, 5, 99, 100, 105, 99_999, 100_000, 123_456, 15_460_000, 100_000_000, 900_719_925_474_099];
    for (const signed of [false, true]) {
      const intl = new Intl.NumberFormat('zh-Hans', {
        style: 'currency',
        currency: 'CNY',
        signDisplay: signed ? 'exceptZero' : 'auto',
      });
      for (const fen of [...amounts, ...amounts.map((a) => -a)]) {
        const yuan = `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
        expect(moneyParts(fen, { locale: 'zh-Hans', signed }), `${fen} ${signed}`).toEqual(
          intl.formatToParts(yuan as `${number}`),
        );
      }
    }
    expect(groupThousands(1_234_567)).toBe((1_234_567).toLocaleString('en-US'));
    expect(groupThousands(999)).toBe('999');
  });

  it('writes renminbi with ¥ in simplified Chinese and CN¥ in every other language', () => {
    expect(formatMoney(123456, { locale: 'zh-Hans' })).toBe('¥1,234.56');
    expect(formatMoney(123456, { locale: 'zh-Hant' })).toBe('CN¥1,234.56');
    expect(formatMoney(123456, { locale: 'en' })).toBe('CN¥1,234.56');
    expect(formatMoney(123456, { locale: 'fr' }).replace(/\s/g, ' ')).toBe('1 234,56 CN¥');
    expect(formatMoney(123456, { locale: 'es' }).replace(/\s/g, ' ')).toBe('1234,56 CN¥');
  });

  it('keeps every fen of large and negative amounts, and signs money in when asked', () => {
    expect(formatMoney(900719925474099, { locale: 'en' })).toBe('CN¥9,007,199,254,740.99');
    expect(formatMoney(-5, { locale: 'zh-Hans' })).toBe('-¥0.05');
    expect(formatMoney(100000, { locale: 'zh-Hans', signed: true })).toBe('+¥1,000.00');
    expect(formatMoney(-100000, { locale: 'en', signed: true })).toBe('-CN¥1,000.00');
    expect(formatMoney(0, { locale: 'zh-Hans', signed: true })).toBe('¥0.00');
  });

  it('follows the member’s language when none is given', async () => {
    await changeLocale('en', false);
    expect(formatMoney(2500)).toBe('CN¥25.00');
    await changeLocale('zh-Hans', false);
    expect(formatMoney(2500)).toBe('¥25.00');
  });

  it('never breaks inside an amount, in any language: only no-break spaces, the currency held to the number', () => {
    const amounts = [0, 5, 260000, 15460000, -15460000, 900719925474099];
    for (const locale of ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const) {
      for (const fen of amounts) {
        const text = formatMoney(fen, { locale });
        // A space a line may break at would let "154.600,00" and "CN¥" part, or two amounts read as one.
        expect(text, `${locale} ${fen}`).not.toMatch(/[ \t\n\u2000-\u200b\u2028\u2029]/);
        expect(text.replace(/[\u00a0\u202f]/g, ' ').trim(), `${locale} ${fen}`).toBe(
          text.replace(/[\u00a0\u202f]/g, ' '),
        );
      }
    }
    expect(formatMoney(15460000, { locale: 'es' })).toBe('154.600,00\u00a0CN¥');
    expect(formatMoney(260000, { locale: 'es' })).toBe('2600,00\u00a0CN¥');
    expect(formatMoney(15460000, { locale: 'fr' })).toBe('154\u202f600,00\u00a0CN¥');
    expect(formatMoney(15460000, { locale: 'zh-Hant' })).toBe('CN¥154,600.00');
  });

  it('refuses what is not an amount in fen', () => {
    expect(() => formatMoney(1.5)).toThrow(TypeError);
  });
});
