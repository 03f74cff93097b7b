import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANG_COOKIE, isLang, type Lang } from '@fieldhub/shared';

// Every locale file of both languages, bundled: they are small and a language switch is instant.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  (resources[lang] ??= {})[ns] = mod.default;
}

const STORAGE_KEY = 'fieldhub.lang';

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** The remembered choice, else the browser's language, else Chinese. */
export function initialLang(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY) ?? readCookie(LANG_COOKIE);
  if (isLang(stored)) return stored;
  return navigator.language.toLowerCase().startsWith('en') ? 'en-US' : DEFAULT_LANG;
}

/** Remembers the language and tells the server (cookie) so its messages follow. */
export function rememberLang(lang: Lang): void {
  localStorage.setItem(STORAGE_KEY, lang);
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lang;
}

const lang = initialLang();
rememberLang(lang);

void i18n.use(initReactI18next).init({
  resources,
  lng: lang,
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: Object.keys(resources['zh-CN'] ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function changeLang(next: Lang): void {
  rememberLang(next);
  void i18n.changeLanguage(next);
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export default i18n;
