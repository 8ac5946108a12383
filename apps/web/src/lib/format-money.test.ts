import { afterAll, describe, expect, it } from 'vitest';
import { formatMoney } from './format-money';
import { changeLocale } from './i18n';

afterAll(() => changeLocale('zh-Hans', false));

describe('formatMoney', () => {
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
