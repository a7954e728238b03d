// Localisation: ru and en are always complete; ru, the default, is bundled
// (but for the deferred areas' files, below) and the other eleven locales, en among them, are fetched on demand as
// their own chunks (bundling en too cost every first screen ~20 KB). Each
// language is a folder of section files (shell.json, screens.json, ...)
// merged into one namespace, so areas of the app own their own files.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { setLocale } from '../data/transport';

export const languages = ['ru', 'en', 'az', 'be', 'cs', 'de', 'fr', 'id', 'kk', 'tr', 'uk', 'vi'] as const;
export type Language = (typeof languages)[number];

type Section = { default: Record<string, unknown> };
// An area whose words only its own (lazy) pages use comes with them, not
// in the first screen's bundle: loadSection before the page renders.
const deferred = ['deal'];
const bundled = import.meta.glob<Section>(['./locales/ru/*.json', '!./locales/ru/deal.json'], { eager: true });
const ruLater = import.meta.glob<Section>(['./locales/ru/deal.json']);
const lazy = import.meta.glob<Section>(['./locales/*/*.json', '!./locales/ru/*.json']);

const sectionsIn = new Set<string>();

/** loadSection adds a deferred area's Russian words once (the other languages load whole). */
export async function loadSection(name: (typeof deferred)[number]) {
  const load = ruLater[`./locales/ru/${name}.json`];
  if (!load || sectionsIn.has(name)) return;
  i18next.addResourceBundle('ru', 'translation', (await load()).default, true, true);
  sectionsIn.add(name);
}

const STORAGE_KEY = 'artel.lang';

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

function langOf(path: string): string {
  return path.split('/')[2];
}

/** merge joins section files: each owns distinct top-level keys. */
function merge(sections: Section[]): Record<string, unknown> {
  return Object.assign({}, ...sections.map((s) => s.default));
}

function bundle() {
  return merge(Object.values(bundled));
}

async function ensureLoaded(lang: Language) {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const loaders = Object.entries(lazy).filter(([p]) => langOf(p) === lang).map(([, load]) => load());
  i18next.addResourceBundle(lang, 'translation', merge(await Promise.all(loaders)), true, true);
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
    resources: { ru: { translation: bundle() } },
    lng: 'ru',
    fallbackLng: ['ru'],
    interpolation: { escapeValue: false },
  });
  await switchLanguage(lang);
  return i18next;
}

export default i18next;
