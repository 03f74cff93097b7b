/**
 * What a formula reads, and the checks a form or the server runs before a formula is saved
 * (docs/requirements/device-configuration.md §3.3 and docs/requirements/projects.md §5.2: not empty, at most
 * 200 characters, parseable).
 */
import type { FormulaError, FormulaNode } from './ast';
import { formulaProblems } from './messages';
import { parseFormula } from './parser';

/** Names a formula reads, each once, in order of first appearance. */
export interface FormulaReferences {
  /** Plain identifiers such as `x` or `tank_level` (function names are not included). */
  identifiers: readonly string[];
  /** `${equipmentId.signalId}` references, as `equipmentId.signalId`. */
  refs: readonly string[];
}

/** Each read in the tree with where it is, in text order. */
function visitReads(
  node: FormulaNode,
  visit: (kind: 'identifier' | 'ref', name: string, at: number) => void,
): void {
  switch (node.type) {
    case 'number':
    case 'string':
      return;
    case 'identifier':
      return visit('identifier', node.name, node.start);
    case 'ref':
      return visit('ref', node.key, node.start);
    case 'unary':
      return visitReads(node.operand, visit);
    case 'binary':
      visitReads(node.left, visit);
      return visitReads(node.right, visit);
    case 'conditional':
      visitReads(node.test, visit);
      visitReads(node.consequent, visit);
      return visitReads(node.alternate, visit);
    case 'call':
      for (const arg of node.args) visitReads(arg, visit);
      return;
  }
}

export function formulaReferences(ast: FormulaNode): FormulaReferences {
  const identifiers = new Set<string>();
  const refs = new Set<string>();
  visitReads(ast, (kind, name) => (kind === 'identifier' ? identifiers : refs).add(name));
  return { identifiers: [...identifiers], refs: [...refs] };
}

export interface FormulaValidationOptions {
  /** When given, any other identifier is refused (e.g. `['x']` for collection and write formulas). */
  allowedIdentifiers?: readonly string[];
  /** When given, any other `${...}` reference is refused. */
  allowedRefs?: readonly string[];
}

/**
 * The first problem of a formula, or null when it may be saved: empty, longer than
 * `FORMULA_MAX_LENGTH` (checked before parsing), a syntax error, too deep, an unknown function or a
 * wrong argument count, then an identifier or reference outside the given whitelists.
 */
export function validateFormula(text: string, options: FormulaValidationOptions = {}): FormulaError | null {
  const parsed = parseFormula(text);
  if (!parsed.ok) return parsed.error;
  const { allowedIdentifiers, allowedRefs } = options;
  if (!allowedIdentifiers && !allowedRefs) return null;
  const identifiers = allowedIdentifiers && new Set(allowedIdentifiers);
  const refs = allowedRefs && new Set(allowedRefs);
  let found: FormulaError | null = null;
  visitReads(parsed.ast, (kind, name, at) => {
    if (found) return;
    if (kind === 'identifier' && identifiers && !identifiers.has(name)) {
      found = formulaProblems.unknownIdentifier(at, name);
    } else if (kind === 'ref' && refs && !refs.has(name)) {
      found = formulaProblems.unknownReference(at, name);
    }
  });
  return found;
}
