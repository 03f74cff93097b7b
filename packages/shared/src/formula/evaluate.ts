/**
 * Evaluating formulas: once from a tree, or many times through `compileFormula`, which keeps the
 * compiled closures of recently used texts.
 */
import type { FormulaError, FormulaNode, FormulaResolver, FormulaValue } from './ast';
import { type FormulaClosure, compileNode } from './compile';
import { parseFormula } from './parser';
import { type FormulaReferences, formulaReferences } from './validate';

/** Texts whose compiled form is kept; the least recently used beyond this is dropped. */
const COMPILE_CACHE_SIZE = 1000;

const closuresByTree = new WeakMap<FormulaNode, FormulaClosure>();
const compiledByText = new Map<string, CompileResult>();

/** A formula ready to run many times. */
export interface CompiledFormula {
  ok: true;
  ast: FormulaNode;
  /** Names it reads, for dependency tracking. */
  references: FormulaReferences;
  evaluate: (resolve: FormulaResolver) => FormulaValue;
}

export type CompileResult = CompiledFormula | { ok: false; error: FormulaError };

/** A number result is either finite or NaN: overflow and ±Infinity become NaN like 1/0 does. */
function finish(value: FormulaValue): FormulaValue {
  return typeof value === 'number' && !Number.isFinite(value) ? NaN : value;
}

/**
 * Evaluates a parsed formula. Unknown names, division by zero and bad function arguments give
 * NaN; only an exception thrown by `resolve` itself escapes.
 */
export function evaluateFormula(ast: FormulaNode, resolve: FormulaResolver): FormulaValue {
  let closure = closuresByTree.get(ast);
  if (!closure) {
    closure = compileNode(ast);
    closuresByTree.set(ast, closure);
  }
  return finish(closure(resolve));
}

/**
 * Parses and compiles a formula, or answers the same result as the last call with this text.
 * The evaluator is safe to call from many places at once; it keeps no state between calls.
 */
export function compileFormula(text: string): CompileResult {
  const cached = compiledByText.get(text);
  if (cached) {
    compiledByText.delete(text); // re-inserted below as the most recently used
    compiledByText.set(text, cached);
    return cached;
  }
  const parsed = parseFormula(text);
  let result: CompileResult;
  if (parsed.ok) {
    const closure = compileNode(parsed.ast);
    result = {
      ok: true,
      ast: parsed.ast,
      references: formulaReferences(parsed.ast),
      evaluate: (resolve) => finish(closure(resolve)),
    };
  } else {
    result = parsed;
  }
  compiledByText.set(text, result);
  if (compiledByText.size > COMPILE_CACHE_SIZE) {
    const oldest = compiledByText.keys().next();
    if (!oldest.done) compiledByText.delete(oldest.value);
  }
  return result;
}
