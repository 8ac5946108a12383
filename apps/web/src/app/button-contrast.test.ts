import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// jsdom computes no styles from the app's stylesheet, so the rule is read as text: the text
// colour of every solid primary (gold) button against the gold it sits on.
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'app.css'), 'utf8');

function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(1 + i, 3 + i), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const declared = (name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1];

describe('gold buttons', () => {
  it('give every solid primary button text that meets WCAG AA on the gold (white was 2.4:1)', () => {
    const gold = declared('--adm-color-primary');
    expect(gold).toBe('#c9a063');
    expect(contrast('#ffffff', gold!)).toBeLessThan(2.5);
    const rule =
      /\.adm-button-primary:not\(\.adm-button-fill-outline\):not\(\.adm-button-fill-none\)\s*\{([^}]*)\}/.exec(css);
    expect(rule, 'a rule for every solid primary button').not.toBeNull();
    const text = /--text-color:\s*(#[0-9a-f]{6})/i.exec(rule![1]!)?.[1];
    expect(text).toBeDefined();
    expect(contrast(text!, gold!)).toBeGreaterThanOrEqual(4.5);
    // The gradient's light end too, where the text of a narrow button may sit.
    expect(contrast(text!, declared('--gold-light')!)).toBeGreaterThanOrEqual(4.5);
  });
});
