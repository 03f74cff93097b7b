import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { catalogueEntries } from '@fieldhub/shared';

/**
 * Whether a screen is wholly in one language, for the browser tests' quick checks of the language
 * a journey does not run in: the texts a screen must show are looked up in the locale files
 * (src/locales/<lang>/*.json), and every visible text is scanned for what an incomplete
 * translation leaves behind (a raw key such as `monitor.tabs.realtime`, a `{{placeholder}}`,
 * Chinese on an English screen, an English locale or catalogue text on a Chinese screen).
 */

export type Lang = 'zh-CN' | 'en-US';

const root = path.resolve(import.meta.dirname, '../src/locales');

type Tree = { [key: string]: string | Tree };

function load(lang: Lang): Map<string, Tree> {
  const files = readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.json'));
  return new Map(
    files.map((f) => [
      f.replace(/\.json$/, ''),
      JSON.parse(readFileSync(path.join(root, lang, f), 'utf8')) as Tree,
    ]),
  );
}

const locales: Record<Lang, Map<string, Tree>> = { 'zh-CN': load('zh-CN'), 'en-US': load('en-US') };
const namespaces = [...locales['zh-CN'].keys()];

/** Every leaf of a locale as `ns:dotted.key` → text. */
function leaves(lang: Lang): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(tree)) {
      const key = prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`;
      if (typeof v === 'string') out.set(key, v);
      else walk(v, key);
    }
  };
  for (const [ns, tree] of locales[lang]) walk(tree, `${ns}:`);
  return out;
}

const texts: Record<Lang, Map<string, string>> = { 'zh-CN': leaves('zh-CN'), 'en-US': leaves('en-US') };

/**
 * The text of `key` (`ns:dotted.key`, the namespace as the locale file's name) in `lang`, with
 * `{{name}}` filled from `vars`; a key with plural forms takes `_one` or `_other` by `vars.count`.
 */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const all = texts[lang];
  const plural = vars['count'] === 1 ? `${key}_one` : `${key}_other`;
  const text = all.get(key) ?? all.get(plural);
  if (text === undefined) throw new Error(`no ${lang} text for ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/** A text the screen must show: a locale key, a key with values, or a literal (a catalogue message). */
export type Expected = string | { key: string; vars?: Record<string, string | number> } | { text: string };

function expectedText(lang: Lang, e: Expected): string {
  if (typeof e === 'string') return tr(lang, e);
  if ('text' in e) return e.text;
  return tr(lang, e.key, e.vars);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole visible text that is one of these is English left on a Chinese screen. */
const englishOnly: RegExp[] = (() => {
  const zhValues = new Set(texts['zh-CN'].values());
  const english = new Set<string>([
    ...[...texts['en-US'].values()].filter((v) => !zhValues.has(v)),
    ...catalogueEntries.filter((e) => e.en !== e.zh).map((e) => e.en),
    // Ant Design's own English (its locale follows the app's)
    'No data',
    'Cancel',
    'OK',
  ]);
  return [...english]
    .filter((v) => /[a-z]{2}/i.test(v.replace(/\{\{?\w+\}\}?/g, '')) && v.trim().length >= 3)
    .map((v) => {
      const pattern = v
        .trim()
        .split(/\{\{\s*\w+\s*\}\}|\{\w+\}/)
        .map(escape)
        .join('.+?');
      return new RegExp(`^${pattern}$`);
    });
})();

/** the language switch names each language in itself */
const selfNamed = ['中文', 'English'];

const cjk = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff5e]/;
/** `monitor.tabs.realtime`, `messages:notify.title`: what i18next shows for a key it lacks */
const rawKey = new RegExp(`^(?:(?:${namespaces.join('|')}):[\\w.-]+|[a-z][\\w-]*(?:\\.[a-z][\\w-]*)+)$`);

/** Every text a person sees on the page: visible text nodes, placeholders, the tab title. */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript')) continue;
      if (parent.checkVisibility({ visibilityProperty: true })) out.push(text);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    ))
      if (input.checkVisibility({ visibilityProperty: true }) && input.placeholder)
        out.push(input.placeholder);
    return out;
  });
}

/**
 * What is wrong with the language of these texts: raw keys, unfilled placeholders, and text of
 * the other language. `allow` lists data shown as it was entered (a device named in Chinese on an
 * English screen), which is no translation's business.
 */
export function languageProblems(
  lang: Lang,
  shown: readonly string[],
  allow: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  for (const text of shown) {
    if (allow.includes(text) || selfNamed.includes(text)) continue;
    if (rawKey.test(text)) problems.push(`raw key: ${text}`);
    if (/\{\{\s*\w+\s*\}\}/.test(text)) problems.push(`placeholder left: ${text}`);
    if (lang === 'en-US') {
      const rest = allow.reduce((t, a) => (a ? t.split(a).join('') : t), text);
      if (cjk.test(rest)) problems.push(`Chinese on an English screen: ${text}`);
    } else if (englishOnly.some((re) => re.test(text))) {
      problems.push(`English on a Chinese screen: ${text}`);
    }
  }
  return problems;
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

/**
 * Asserts the page shows every `shows` text in `lang` (antd's spaced two-character Chinese buttons
 * included: white space is ignored) and nothing untranslated or of the other language.
 */
export async function expectScreenIn(
  page: Page,
  lang: Lang,
  options: { shows?: readonly Expected[]; allow?: readonly string[] } = {},
): Promise<void> {
  const wanted = (options.shows ?? []).map((e) => expectedText(lang, e));
  await expect
    .poll(
      async () => {
        const all = squeeze((await visibleTexts(page)).join('\n'));
        return wanted.filter((w) => !all.includes(squeeze(w)));
      },
      { message: `texts missing from the ${lang} screen ${page.url()}` },
    )
    .toEqual([]);
  const problems = languageProblems(lang, await visibleTexts(page), options.allow);
  expect(problems.join('\n'), `language problems of the ${lang} screen ${page.url()}`).toBe('');
}
