import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, currentLocale, i18n, isLocaleLoaded, LOCALE_STORAGE_KEY, restoreLocale } from './i18n';

afterAll(() => changeLocale('zh-Hans', false));

describe('locale loading', () => {
  it('holds only the active locale’s texts: the others load when chosen, both parts', async () => {
    expect(isLocaleLoaded('zh-Hans')).toBe(true);
    expect((['zh-Hant', 'en', 'es', 'fr'] as const).filter(isLocaleLoaded)).toEqual([]);

    await changeLocale('fr', false);
    expect(isLocaleLoaded('fr')).toBe(true);
    expect(i18n.t('common.cancel')).toBe('Annuler');
    expect(document.documentElement.lang).toBe('fr');
    expect(isLocaleLoaded('en')).toBe(false);
    expect(isLocaleLoaded('es')).toBe(false);
  });

  it('opens with the first part of the texts; a text not in yet brings the rest at once', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await restoreLocale();
    expect(currentLocale()).toBe('es');
    expect(isLocaleLoaded('es')).toBe(false);
    expect(i18n.t('common.cancel')).toBe('Cancelar');
    // A page's text from the second part: its key for a moment, then the text.
    expect(i18n.t('bill.balance')).toBe('bill.balance');
    await vi.waitFor(() => expect(i18n.t('bill.balance')).toBe('Disponible'));
    expect(isLocaleLoaded('es')).toBe(true);
  });

  it('loads the rest of the texts at the member’s first touch', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'zh-Hant');
    await restoreLocale();
    expect(isLocaleLoaded('zh-Hant')).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(isLocaleLoaded('zh-Hant')).toBe(true));
    expect(i18n.t('bill.balance')).toBe('可用餘額');
  });

  it('starts in the member’s saved language, and keeps a new choice for the next visit', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'zh-Hant');
    await restoreLocale();
    expect(currentLocale()).toBe('zh-Hant');
    expect(i18n.t('common.confirm')).toBe('確定');

    await changeLocale('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(i18n.t('common.confirm')).toBe('OK');
  });

  it('starts in simplified Chinese when nothing (or nonsense) was saved', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'klingon');
    await restoreLocale();
    expect(currentLocale()).toBe('zh-Hans');
    expect(i18n.t('common.warmReminder')).toBe('温馨提示');
  });
});
