// Localisation: ru is the default and, with en, always complete and bundled;
// the other ten locales are fetched on demand as their own chunks.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import ru from './locales/ru.json';
import en from './locales/en.json';
import { setLocale } from '../data/transport';

export const languages = ['ru', 'en', 'az', 'be', 'cs', 'de', 'fr', 'id', 'kk', 'tr', 'uk', 'vi'] as const;
export type Language = (typeof languages)[number];

const STORAGE_KEY = 'artel.lang';

const lazy: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  az: () => import('./locales/az.json'),
  be: () => import('./locales/be.json'),
  cs: () => import('./locales/cs.json'),
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  id: () => import('./locales/id.json'),
  kk: () => import('./locales/kk.json'),
  tr: () => import('./locales/tr.json'),
  uk: () => import('./locales/uk.json'),
  vi: () => import('./locales/vi.json'),
};

export function isLanguage(v: string | null | undefined): v is Language {
  return !!v && (languages as readonly string[]).includes(v);
}

/** savedLanguage is the user's choice on this browser, else ru. */
export function savedLanguage(): Language {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(v)) return v;
  } catch {
    // storage may be disabled; ru it is
  }
  return 'ru';
}

async function ensureLoaded(lang: Language) {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const mod = await lazy[lang]();
  i18next.addResourceBundle(lang, 'translation', mod.default, true, true);
}

/** switchLanguage switches the interface, the API's Accept-Language and dayjs. */
export async function switchLanguage(lang: Language) {
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  setLocale(lang);
  dayjs.locale(lang === 'ru' ? 'ru' : 'en');
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered; still switched for this page
  }
}

export async function initI18n(lang: Language = savedLanguage()) {
  await i18next.use(initReactI18next).init({
    resources: { ru: { translation: ru }, en: { translation: en } },
    lng: 'ru',
    fallbackLng: ['ru'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await switchLanguage(lang);
  return i18next;
}

export default i18next;
