import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en0 from './locales/en.json';
import formsEn from '../features/forms/locales/en.json';
import galleryEn from '../features/gallery/locales/en.json';
import settingsEn from '../features/settings/locales/en.json';
import libraryEn from '../features/library/locales/en.json';
import canvasEn from '../features/canvas/locales/en.json';
import wipeEn from '../ui/wipe/locales/en.json';
import studioEn from '../features/studio/locales/en.json';
import noticesEn from '../features/notices/locales/en.json';
import queueEn from '../features/queue/locales/en.json';
import teamEn from '../features/team/locales/en.json';
import { merge } from './merge';

/**
 * One namespace ("translation"); each feature owns a top-level key in its own locale files
 * (`forms.*`, `gallery.*`, `settings.*`), merged here so features never edit each other's files.
 * English is built in (the fallback); Chinese is its own chunk, loaded by {@link loadLanguage} when chosen,
 * so an English first screen does not load and parse it.
 */
export const en = merge(en0, formsEn, galleryEn, settingsEn, wipeEn, canvasEn, libraryEn, studioEn, noticesEn, queueEn, teamEn);

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads `language`'s table if it is not built in, then switches to it. */
export async function loadLanguage(language: string): Promise<void> {
  if (language === 'zh-CN' && !i18next.hasResourceBundle('zh-CN', 'translation')) {
    const { zhCN } = await import('./zh-CN');
    i18next.addResourceBundle('zh-CN', 'translation', zhCN);
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export default i18next;
