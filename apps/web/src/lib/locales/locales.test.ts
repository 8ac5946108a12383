import { describe, expect, it } from 'vitest';
import enFirst from './en.locale';
import enMore from './en.more';
import esFirst from './es.locale';
import esMore from './es.more';
import frFirst from './fr.locale';
import frMore from './fr.more';
import zhHansFirst from './zh-hans.locale';
import zhHansMore from './zh-hans.more';
import zhHantFirst from './zh-hant.locale';
import zhHantMore from './zh-hant.more';

// Each locale's two parts, as the app holds them once both are in.
const en = { ...enFirst, ...enMore };
const es = { ...esFirst, ...esMore };
const fr = { ...frFirst, ...frMore };
const zhHans = { ...zhHansFirst, ...zhHansMore };
const zhHant = { ...zhHantFirst, ...zhHantMore };

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const source = leaves(zhHans);
const locales = { 'zh-Hant': zhHant, en, es, fr };

describe('locales', () => {
  it.each(Object.entries(locales))('%s has every key of zh-Hans, none empty, same placeholders', (_name, messages) => {
    const target = leaves(messages);
    expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of target) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(source.get(key) ?? ''));
    }
  });

  it('carries the specification’s texts', () => {
    expect(en.errors.timeout).toBe('The connection timed out, click the screen to try again.');
    expect(en.clipboard).toEqual({ copied: 'Content copied', failed: 'Copy failed, please copy manually' });
    expect(zhHans.errors.busy).toBe('系统繁忙，请稍后再试');
    expect(zhHans.errors.failed).toBe('请求失败，请稍后再试');
    expect(zhHans.common.warmReminder).toBe('温馨提示');
    expect([en.common.confirm, en.common.cancel]).toEqual(['OK', 'Cancel']);
    for (const messages of [zhHant, es, fr]) {
      expect(messages.errors.timeout).not.toBe(en.errors.timeout);
    }
  });
});
