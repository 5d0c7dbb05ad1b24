import { useEffect, useState } from 'react';
import { loadLanguage } from '../i18n';
import { usePreferences } from '../bridge/queries';

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** Applies the preferred theme (light, dark or the system's) and language to the document. */
export function useAppearance(): 'light' | 'dark' {
  const prefs = usePreferences().data;
  const [sysDark, setSysDark] = useState(systemDark);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const on = () => setSysDark(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  const theme = prefs?.theme === 'light' || prefs?.theme === 'dark' ? prefs.theme : sysDark ? 'dark' : 'light';
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const language = prefs?.language ?? 'en';
  useEffect(() => {
    void loadLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
  return theme;
}
