import type { FirstMessages } from './locales/zh-hans.locale';
import type { MoreMessages } from './locales/zh-hans.more';
import { Translator } from './translator';
import { whenTouched } from './when-touched';

export const locales = ['zh-Hans', 'zh-Hant', 'en', 'es', 'fr'] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = 'zh-Hans';
export const LOCALE_STORAGE_KEY = 'antique_auction_locale';

/** Each language named in itself, so a member can find theirs whatever the current one. */
export const localeNames: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

/**
 * Each locale's texts come in two parts. No part ships in the first script: the active locale's
 * first part (what the pages in FIRST_TEXT_PAGES show) loads before the first render, beside the
 * first page's code; its second part at the member's first touch, or before a page that needs it
 * (`loadMoreTexts`); another locale's two parts when it is chosen.
 */
type Part = 'first' | 'more';
const loaders: Record<
  Locale,
  { first: () => Promise<{ default: FirstMessages }>; more: () => Promise<{ default: MoreMessages }> }
> = {
  'zh-Hans': { first: () => import('./locales/zh-hans.locale'), more: () => import('./locales/zh-hans.more') },
  'zh-Hant': { first: () => import('./locales/zh-hant.locale'), more: () => import('./locales/zh-hant.more') },
  en: { first: () => import('./locales/en.locale'), more: () => import('./locales/en.more') },
  es: { first: () => import('./locales/es.locale'), more: () => import('./locales/es.more') },
  fr: { first: () => import('./locales/fr.locale'), more: () => import('./locales/fr.more') },
};

// What the server is asked for: it writes zh-Hans or English, so the Latin locales prefer English.
const acceptLanguages: Record<Locale, string> = {
  'zh-Hans': 'zh-Hans,zh;q=0.9',
  'zh-Hant': 'zh-Hant,zh;q=0.9',
  en: 'en',
  es: 'es,en;q=0.9',
  fr: 'fr,en;q=0.9',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

// Every locale has every key (the `Messages` type enforces it), so none needs another as fallback.
export const i18n = new Translator(DEFAULT_LOCALE);

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export function acceptLanguage(): string {
  return acceptLanguages[currentLocale()];
}

export function storedLocale(): Locale {
  try {
    const value = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

// A part's load, once (a failed one is dropped, so that the next call tries again), and the parts in.
const parts = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function ensurePart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}:${part}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = loaders[locale][part]().then(
      (messages) => {
        loaded.add(key);
        i18n.addBundle(locale, messages.default);
      },
      (error: unknown) => {
        parts.delete(key);
        throw error;
      },
    );
    parts.set(key, loading);
  }
  return loading;
}

/** Whether a locale's texts are all in (only the loaded ones are). */
export function isLocaleLoaded(locale: Locale): boolean {
  return loaded.has(`${locale}:first`) && loaded.has(`${locale}:more`);
}

/** The current language's second part, for a page whose texts are not all in the first. */
export function loadMoreTexts(): Promise<void> {
  return ensurePart(currentLocale(), 'more');
}

/** Switches the language, both parts of its texts in; `persist` keeps the member's choice for the next visit. */
export async function changeLocale(locale: Locale, persist = true): Promise<void> {
  await Promise.all([ensurePart(locale, 'first'), ensurePart(locale, 'more')]);
  setLanguage(locale, persist);
}

function setLanguage(locale: Locale, persist: boolean): void {
  i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (!persist) return;
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // The choice then lasts for this visit only.
  }
}

/**
 * Before the first render: the first part of the member's saved language's texts, else of the
 * default; the default if that fails. The second part follows at the first touch (or with a page
 * that needs it), and at once if a text is asked for that is not in yet.
 */
export async function restoreLocale(): Promise<void> {
  let locale = storedLocale();
  try {
    await ensurePart(locale, 'first');
  } catch (error) {
    if (locale === DEFAULT_LOCALE) throw error;
    locale = DEFAULT_LOCALE;
    await ensurePart(locale, 'first');
  }
  setLanguage(locale, false);
  i18n.onMissing = () => void loadMoreTexts().catch(() => undefined);
  whenTouched(() => void loadMoreTexts().catch(() => undefined));
}
