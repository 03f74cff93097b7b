import { z } from 'zod';
import type { Lang } from '../errors/catalogue';

/**
 * The one rule for text that enters the platform (docs/security.md): a string must be storable
 * and readable back unchanged. PostgreSQL refuses U+0000 in text and JSON, and a lone UTF-16
 * surrogate has no UTF-8 form (it would come back as U+FFFD), so both are refused at the
 * boundary, with every call's input checked once before its schema reads it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deepest nesting of objects and arrays a call's input may have (a page document is far less). */
export const MAX_INPUT_DEPTH = 64;

export type TextProblem = 'nul' | 'surrogate';
export type InputProblem = TextProblem | 'depth';

/** What makes a string unstorable, or null when it is fine. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/**
 * The first unstorable string (keys included) or too-deep nesting in a call's input, with the
 * path to it; null when the whole input is fine. Walks without recursion, so a hostile
 * 100,000-deep document cannot exhaust the stack.
 */
export function inputProblem(
  input: unknown,
  maxDepth = MAX_INPUT_DEPTH,
): { path: string; problem: InputProblem } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, problem };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return { path, problem: 'depth' };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const problem = textProblem(key);
      if (problem) return { path: childPath, problem };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

const problemText: Record<InputProblem, Record<Lang, string>> = {
  nul: { 'zh-CN': '含有不允许的空字符（U+0000）', 'en-US': 'contains a NUL character (U+0000)' },
  surrogate: {
    'zh-CN': '含有无效的 Unicode 字符（孤立代理项）',
    'en-US': 'contains an invalid Unicode character (lone surrogate)',
  },
  depth: {
    'zh-CN': `嵌套层级超过 ${MAX_INPUT_DEPTH} 层`,
    'en-US': `is nested deeper than ${MAX_INPUT_DEPTH} levels`,
  },
};

/** The problem as the detail of catalogue 10001, in the caller's language. */
export function inputProblemText(found: { path: string; problem: InputProblem }, lang: Lang): string {
  // the path is shown, so its own unstorable characters are replaced
  const path = found.path.replace(new RegExp(`\u0000|${LONE_SURROGATE.source}`, 'g'), '\uFFFD');
  return `${path || (lang === 'zh-CN' ? '请求' : 'input')}: ${problemText[found.problem][lang]}`;
}

/** A string field checked by the same rule, for forms and schemas that take text on their own. */
export const storableText = z.string().refine((s) => textProblem(s) === null, {
  message: 'contains a character that cannot be stored (U+0000 or a lone surrogate)',
});
