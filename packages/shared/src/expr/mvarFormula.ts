/**
 * The formula of an intermediate variable (mvar, docs/requirements/projects.md §5.1, §5.2): a calculation
 * type and a text. Sum, avg, min and max take a list of `${equipmentId.signalId}` references (separated by
 * commas or spaces); custom takes an expression of the formula language (packages/shared/src/formula:
 * + - * / % ^, parentheses, unary minus, comparisons, && || !, abs, min, max, round, floor, ceil,
 * sqrt, pow, ...; a safe parser and a tree evaluator, no eval). This module checks such a formula
 * for saving and validFormulaVar (with the 0-based position of the first problem) and computes it
 * from readings by the rules of docs/requirements/projects.md §5.3.
 */
import { FORMULA_MAX_LENGTH, type FormulaError, type FormulaNode } from '../formula/ast';
import { tokenize } from '../formula/lexer';
import { formulaProblems } from '../formula/messages';
import { evaluateMvar, type MvarType } from '../formula/mvar';
import { parseFormula } from '../formula/parser';

/** A reference of an mvar formula, `${equipmentId.signalId}` with both ids numeric. */
export interface MvarRef {
  equipmentId: number;
  signalId: number;
  /** `equipmentId.signalId` as written between the braces */
  key: string;
}

export type MvarFormulaCheck = { ok: true; refs: MvarRef[] } | { ok: false; error: FormulaError };

export interface MvarFormulaOptions {
  /**
   * Whether a reference may be used (the server: equipment bound to the project and one of its
   * signals). A refused reference is an `unknownReference` problem at its position.
   */
  allowRef?: (ref: MvarRef) => boolean;
}

const NUMERIC_KEY = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,15})$/;

/** The ids of `equipmentId.signalId`, or null when either is not a positive whole number. */
export function parseMvarRef(key: string): MvarRef | null {
  const m = NUMERIC_KEY.exec(key);
  if (!m) return null;
  const equipmentId = Number(m[1]);
  const signalId = Number(m[2]);
  if (!Number.isSafeInteger(equipmentId) || !Number.isSafeInteger(signalId)) return null;
  return { equipmentId, signalId, key };
}

interface PlacedRef {
  key: string;
  at: number;
}

/** Aggregates: nothing but references and separators; at least one reference. */
function aggregateRefs(text: string): PlacedRef[] | FormulaError {
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return tokens;
  const refs: PlacedRef[] = [];
  for (const token of tokens) {
    if (token.kind === 'ref') refs.push({ key: token.key, at: token.start });
    else if (token.kind === 'end') break;
    else if (!(token.kind === 'punct' && token.text === ',')) {
      return formulaProblems.unexpected(token.start, text.slice(token.start, token.end));
    }
  }
  return refs.length ? refs : formulaProblems.empty();
}

/** Custom: a parsed expression that reads references only (an mvar has no plain variables). */
function customRefs(text: string): PlacedRef[] | FormulaError {
  const parsed = parseFormula(text);
  if (!parsed.ok) return parsed.error;
  const refs: PlacedRef[] = [];
  let identifier: FormulaError | null = null;
  walk(parsed.ast, (node) => {
    if (node.type === 'ref') refs.push({ key: node.key, at: node.start });
    if (node.type === 'identifier' && !identifier)
      identifier = formulaProblems.unknownIdentifier(node.start, node.name);
  });
  return identifier ?? refs;
}

function walk(node: FormulaNode, visit: (node: FormulaNode) => void): void {
  visit(node);
  switch (node.type) {
    case 'unary':
      return walk(node.operand, visit);
    case 'binary':
      walk(node.left, visit);
      return walk(node.right, visit);
    case 'conditional':
      walk(node.test, visit);
      walk(node.consequent, visit);
      return walk(node.alternate, visit);
    case 'call':
      return node.args.forEach((arg) => walk(arg, visit));
    default:
      return;
  }
}

/**
 * The first problem of an mvar formula, in text order, or its references (each once, in order of
 * first appearance): empty or blank, longer than 200 characters, a syntax error, a plain variable
 * name in a custom expression, a reference whose ids are not numbers, a reference `allowRef` refuses.
 */
export function checkMvarFormula(
  calcType: MvarType,
  formula: string,
  options: MvarFormulaOptions = {},
): MvarFormulaCheck {
  if (formula.trim() === '') return { ok: false, error: formulaProblems.empty() };
  if (formula.length > FORMULA_MAX_LENGTH)
    return { ok: false, error: formulaProblems.tooLong(FORMULA_MAX_LENGTH) };
  const placed = calcType === 'custom' ? customRefs(formula) : aggregateRefs(formula);
  if (!Array.isArray(placed)) return { ok: false, error: placed };
  const refs = new Map<string, MvarRef>();
  for (const { key, at } of placed) {
    const ref = parseMvarRef(key);
    if (!ref) return { ok: false, error: formulaProblems.badRef(at) };
    if (options.allowRef && !options.allowRef(ref))
      return { ok: false, error: formulaProblems.unknownReference(at, key) };
    if (!refs.has(key)) refs.set(key, ref);
  }
  return { ok: true, refs: [...refs.values()] };
}

/** A signal's latest value as the value cache holds it: `quality` 0 is a good read. */
export interface MvarSignalReading {
  value: number | string | null;
  quality: number;
}

/**
 * The value of an mvar from its signals' latest readings, always a finite number
 * (docs/requirements/projects.md §5.3): a reference without a reading or with a failed read (code not 200)
 * counts as 0; an empty, NaN or infinite result is 0; a custom expression that does not parse or fails to
 * evaluate is 0.
 */
export function computeMvar(
  calcType: MvarType,
  formula: string,
  readingOf: (ref: MvarRef) => MvarSignalReading | undefined,
): number {
  const lookup = (key: string) => {
    const ref = parseMvarRef(key);
    const reading = ref ? readingOf(ref) : undefined;
    if (!reading) return undefined;
    return { code: reading.quality === 0 ? 200 : reading.quality, value: reading.value };
  };
  return evaluateMvar(calcType, formula, lookup);
}
