import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import formsEn from '../features/forms/locales/en.json';
import formsZh from '../features/forms/locales/zh-CN.json';
import galleryEn from '../features/gallery/locales/en.json';
import galleryZh from '../features/gallery/locales/zh-CN.json';
import settingsEn from '../features/settings/locales/en.json';
import settingsZh from '../features/settings/locales/zh-CN.json';
import libraryEn from '../features/library/locales/en.json';
import libraryZh from '../features/library/locales/zh-CN.json';
import canvasEn from '../features/canvas/locales/en.json';
import canvasZh from '../features/canvas/locales/zh-CN.json';
import wipeEn from '../ui/wipe/locales/en.json';
import wipeZh from '../ui/wipe/locales/zh-CN.json';
import studioEn from '../features/studio/locales/en.json';
import studioZh from '../features/studio/locales/zh-CN.json';
import noticesEn from '../features/notices/locales/en.json';
import noticesZh from '../features/notices/locales/zh-CN.json';
import queueEn from '../features/queue/locales/en.json';
import queueZh from '../features/queue/locales/zh-CN.json';
import teamEn from '../features/team/locales/en.json';
import teamZh from '../features/team/locales/zh-CN.json';

/**
 * One namespace ("translation"); each feature owns a top-level key in its own locale files
 * (`forms.*`, `gallery.*`, `settings.*`), merged here so features never edit each other's files.
 */
type Tree = { [key: string]: string | Tree };
function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees)
    for (const [k, v] of Object.entries(tree)) {
      const prev = out[k];
      out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
    }
  return out;
}

export const resources = {
  en: {
    translation: merge(en, formsEn, galleryEn, settingsEn, wipeEn, canvasEn, libraryEn, studioEn, noticesEn, queueEn, teamEn),
  },
  'zh-CN': {
    translation: merge(
      zhCN,
      formsZh,
      galleryZh,
      settingsZh,
      wipeZh,
      canvasZh,
      libraryZh,
      studioZh,
      noticesZh,
      queueZh,
      teamZh,
    ),
  },
};

void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18next;
