import type { FirstMessages, Messages } from './locales/zh-hans.locale';
import type { MoreMessages } from './locales/zh-hans.more';

/**
 * The member app's texts by key, in place of i18next (about 17 KiB gzip of the first script for
 * what the app uses of it): one namespace, nested keys joined by dots, `{{name}}` placeholders
 * (a dotted name reads into an object), no plurals or nesting (the locales have none), no
 * escaping (React escapes). A key missing in the language gives `defaultValue` or the key.
 */

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text's key, so that an unknown one fails the typecheck. */
export type MessageKey = Leaves<Messages>;
export interface TOptions {
  defaultValue?: string;
  [name: string]: unknown;
}
export type TFunction = (key: MessageKey, options?: TOptions) => string;

type Tree = { [key: string]: unknown };
type Listener = (language: string) => void;

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

function read(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

function fill(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = read(values, name);
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Translator {
  language: string;
  private readonly bundles = new Map<string, Tree>();
  private readonly listeners = new Set<Listener>();

  constructor(language: string) {
    this.language = language;
  }

  /**
   * Texts in the current language. A new function each time the language changes, so that a
   * component that keeps texts by `t` (useMemo, effects) recomputes them.
   */
  t: TFunction = this.bind();

  private bind(): TFunction {
    const bundle = () => this.bundles.get(this.language);
    return (key, options) => {
      const text = read(bundle(), key);
      if (typeof text === 'string') return fill(text, options);
      this.onMissing?.(key);
      return options?.defaultValue === undefined ? key : fill(options.defaultValue, options);
    };
  }

  /** Told of a key the current language's texts do not have (yet: a part may be still to load). */
  onMissing?: (key: string) => void;

  /** A language's texts, or a part of them: added to what it has. */
  addBundle(language: string, messages: Messages | FirstMessages | MoreMessages): void {
    this.bundles.set(language, { ...this.bundles.get(language), ...(messages as unknown as Tree) });
    if (language !== this.language) return;
    this.t = this.bind();
    for (const listener of [...this.listeners]) listener(language);
  }

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    this.t = this.bind();
    for (const listener of [...this.listeners]) listener(language);
  }

  /** Called after each change of language; returns the way to stop. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
