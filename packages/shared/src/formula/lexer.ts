/**
 * Splits formula text into tokens. Linear in the text; every problem is returned with its offset,
 * nothing throws.
 */
import type { FormulaError } from './ast';
import { formulaProblems } from './messages';

export type FormulaToken =
  | { kind: 'number'; value: number; start: number; end: number }
  | { kind: 'string'; value: string; start: number; end: number }
  | { kind: 'identifier'; name: string; start: number; end: number }
  | { kind: 'ref'; key: string; start: number; end: number }
  | { kind: 'punct'; text: string; start: number; end: number }
  | { kind: 'end'; start: number; end: number };

/** Two-character operators first, so `<=` is never read as `<` then `=`. */
const PUNCT_2 = new Set(['**', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||']);
const PUNCT_1 = new Set('+-*/%^<>!~&|(),?:');

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
/** Content of `${...}`: equipment and signal ids (digits, letters, `_`, `-`) joined by one dot. */
const REF_KEY = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const DECIMAL = /^(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const HEX = /^0[xX][0-9a-fA-F]+$/;
const ESCAPES = new Map([
  ['n', '\n'],
  ['t', '\t'],
  ['r', '\r'],
]);

export function tokenize(text: string): FormulaToken[] | FormulaError {
  const tokens: FormulaToken[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (DIGIT.test(c) || (c === '.' && DIGIT.test(text.charAt(i + 1)))) {
      const end = scanNumber(text, i);
      const raw = text.slice(start, end);
      if (!DECIMAL.test(raw) && !HEX.test(raw)) return formulaProblems.badNumber(start, raw);
      tokens.push({ kind: 'number', value: Number(raw), start, end });
      i = end;
    } else if (IDENT_START.test(c)) {
      while (i < text.length && IDENT_PART.test(text.charAt(i))) i++;
      tokens.push({ kind: 'identifier', name: text.slice(start, i), start, end: i });
    } else if (c === '"' || c === "'") {
      const scanned = scanString(text, i, c);
      if (!scanned) return formulaProblems.unclosedString(start);
      tokens.push({ kind: 'string', value: scanned.value, start, end: scanned.end });
      i = scanned.end;
    } else if (c === '$') {
      const close = text.indexOf('}', i);
      const key = close < 0 ? '' : text.slice(i + 2, close);
      if (text.charAt(i + 1) !== '{' || !REF_KEY.test(key)) return formulaProblems.badRef(start);
      tokens.push({ kind: 'ref', key, start, end: close + 1 });
      i = close + 1;
    } else if (PUNCT_2.has(text.slice(i, i + 2))) {
      tokens.push({ kind: 'punct', text: text.slice(i, i + 2), start, end: i + 2 });
      i += 2;
    } else if (PUNCT_1.has(c)) {
      tokens.push({ kind: 'punct', text: c, start, end: i + 1 });
      i++;
    } else if (c === '=') {
      return formulaProblems.singleEquals(start);
    } else {
      return formulaProblems.unknownCharacter(start, String.fromCodePoint(text.codePointAt(i) ?? 0));
    }
  }
  tokens.push({ kind: 'end', start: text.length, end: text.length });
  return tokens;
}

/**
 * Takes the longest run that could belong to a number (digits, letters, dots, an exponent sign),
 * so `3x` or `1.2.3` is reported as one malformed number instead of two tokens.
 */
function scanNumber(text: string, from: number): number {
  const hex = /^0[xX]/.test(text.slice(from, from + 2));
  let i = from;
  while (i < text.length) {
    const c = text.charAt(i);
    const prev = text.charAt(i - 1);
    const exponentSign = !hex && (c === '+' || c === '-') && (prev === 'e' || prev === 'E');
    if (IDENT_PART.test(c) || c === '.' || exponentSign) i++;
    else break;
  }
  return i;
}

function scanString(text: string, from: number, quote: string): { value: string; end: number } | null {
  let value = '';
  let i = from + 1;
  while (i < text.length) {
    const c = text.charAt(i);
    if (c === quote) return { value, end: i + 1 };
    if (c === '\\' && i + 1 < text.length) {
      const next = text.charAt(i + 1);
      value += ESCAPES.get(next) ?? next; // any other escaped character stands for itself
      i += 2;
    } else {
      value += c;
      i++;
    }
  }
  return null;
}
