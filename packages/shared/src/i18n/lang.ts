import type { Lang } from '../errors/catalogue';

export const LANGS: readonly Lang[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANG: Lang = 'zh-CN';
/** Name of the cookie that remembers the chosen language, read by server and browser. */
export const LANG_COOKIE = 'lang';

export function isLang(value: unknown): value is Lang {
  return value === 'zh-CN' || value === 'en-US';
}

/**
 * The caller's language: the `lang` cookie when it names one of ours, else the first
 * Accept-Language entry that is Chinese or English, else the default.
 */
export function pickLang(cookieValue: string | undefined, acceptLanguage: string | undefined): Lang {
  if (isLang(cookieValue)) return cookieValue;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANG;
}
