import type { Messages } from './locales/zh-hans.locale';
import { Translator } from './translator';

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

// No locale ships in the first script: the active one loads before the first render (beside
// the first page's code), the others when chosen.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  'zh-Hans': () => import('./locales/zh-hans.locale'),
  'zh-Hant': () => import('./locales/zh-hant.locale'),
  en: () => import('./locales/en.locale'),
  es: () => import('./locales/es.locale'),
  fr: () => import('./locales/fr.locale'),
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

/** Whether a locale's texts are in (only the loaded ones are). */
export function isLocaleLoaded(locale: Locale): boolean {
  return i18n.hasBundle(locale);
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (isLocaleLoaded(locale)) return;
  const messages = await loaders[locale]();
  i18n.addBundle(locale, messages.default);
}

/** Switches the language; `persist` keeps the member's choice for the next visit. */
export async function changeLocale(locale: Locale, persist = true): Promise<void> {
  await ensureLoaded(locale);
  i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (!persist) return;
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // The choice then lasts for this visit only.
  }
}

/** Before the first render: the member's saved language, else the default; the default if that fails. */
export async function restoreLocale(): Promise<void> {
  const locale = storedLocale();
  try {
    await changeLocale(locale, false);
  } catch {
    if (locale !== DEFAULT_LOCALE) await changeLocale(DEFAULT_LOCALE, false);
  }
}
