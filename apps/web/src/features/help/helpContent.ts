import { catalogueEntries, type Lang } from '@fieldhub/shared';
import { blockText, parseMarkdown, type Block } from './markdown';

/**
 * The help's content (docs/requirements/data-views.md §6): the Markdown pages of each language
 * (content/<lang>/<n>-<id>.md, in the order of n), bundled with the app, and the error codes with
 * their messages from the catalogue of packages/shared, so the list can never fall behind it.
 */
const files = import.meta.glob<string>('./content/*/*.md', { query: '?raw', import: 'default', eager: true });

export interface HelpPage {
  id: string;
  title: string;
  blocks: Block[];
}

const pagesByLang = new Map<string, HelpPage[]>();
for (const [file, source] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
  const match = /content\/([^/]+)\/\d+-([^/]+)\.md$/.exec(file);
  if (!match) continue;
  const [, lang, id] = match as unknown as [string, string, string];
  const blocks = parseMarkdown(source);
  const first = blocks[0];
  const title = first?.kind === 'heading' ? first.text : id;
  const list = pagesByLang.get(lang) ?? [];
  list.push({ id, title, blocks: first?.kind === 'heading' ? blocks.slice(1) : blocks });
  pagesByLang.set(lang, list);
}

/** The help pages of a language, in order. */
export function helpPages(lang: Lang): HelpPage[] {
  return pagesByLang.get(lang) ?? [];
}

export interface ErrorCodeRow {
  code: number;
  /** the message in the language, its placeholders (`{detail}`) shown as '…' */
  message: string;
}

/** Every catalogue code with its message in `lang`, by code. */
export function errorCodeRows(lang: Lang): ErrorCodeRow[] {
  return [...catalogueEntries]
    .sort((a, b) => a.code - b.code)
    .map((e) => ({ code: e.code, message: (lang === 'zh-CN' ? e.zh : e.en).replace(/\{\w+\}/g, '…') }));
}

const norm = (s: string) => s.toLocaleLowerCase().trim();

/** Whether `text` holds every word of the query (case-insensitive). */
export function matches(text: string, query: string): boolean {
  const words = norm(query).split(/\s+/).filter(Boolean);
  const hay = norm(text);
  return words.every((w) => hay.includes(w));
}

/** The error codes whose code or message matches the query; a number matches codes that start with it. */
export function searchCodes(rows: readonly ErrorCodeRow[], query: string): ErrorCodeRow[] {
  const q = query.trim();
  if (!q) return [...rows];
  if (/^\d+$/.test(q)) return rows.filter((r) => String(r.code).startsWith(q));
  return rows.filter((r) => matches(`${r.code} ${r.message}`, q));
}

/**
 * The blocks of a page that match the query, each under the heading it belongs to (a matching
 * heading brings its whole part); empty when nothing matches.
 */
export function searchPage(page: HelpPage, query: string): Block[] {
  if (!query.trim()) return page.blocks;
  const out: Block[] = [];
  let heading: Block | null = null;
  let headingMatched = false;
  let headingShown = false;
  for (const block of page.blocks) {
    if (block.kind === 'heading') {
      heading = block;
      headingMatched = matches(block.text, query);
      headingShown = false;
      if (headingMatched) {
        out.push(block);
        headingShown = true;
      }
      continue;
    }
    if (!headingMatched && !matches(blockText(block), query)) continue;
    if (heading && !headingShown) {
      out.push(heading);
      headingShown = true;
    }
    out.push(block);
  }
  return out;
}
