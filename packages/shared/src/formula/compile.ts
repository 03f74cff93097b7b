/**
 * Turns a syntax tree into nested closures, one per node, so a formula compiled once costs only
 * plain function calls per evaluation (the gateway runs collection formulas in its poll loop).
 * Data problems give NaN, never an exception: unknown names, division by zero, bad arguments.
 */
import type {
  FormulaBinaryOp,
  FormulaCall,
  FormulaNode,
  FormulaResolver,
  FormulaUnaryOp,
  FormulaValue,
} from './ast';
import { bitAnd, bitNot, bitOr, formulaFunction, shiftLeft, shiftRight } from './functions';

/** One compiled node: evaluates it against a resolver. */
export type FormulaClosure = (resolve: FormulaResolver) => FormulaValue;

/**
 * The number a value stands for in arithmetic: a string is read as a number after trimming
 * (`' 12.5 '` → 12.5, `'0x1F'` → 31); a blank or non-numeric string is NaN.
 */
export function formulaNumber(v: FormulaValue): number {
  if (typeof v === 'number') return v;
  const t = v.trim();
  return t === '' ? NaN : Number(t);
}

/** Truth of a value in conditions: non-zero numbers (NaN is false) and non-empty strings. */
export function formulaTruthy(v: FormulaValue): boolean {
  return typeof v === 'number' ? v !== 0 && v === v : v.length > 0;
}

/** What a resolver gave, made safe: JS callers may hand over booleans, bigints or null. */
function fromResolver(v: unknown): FormulaValue {
  switch (typeof v) {
    case 'number':
    case 'string':
      return v;
    case 'boolean':
      return v ? 1 : 0;
    case 'bigint':
      return Number(v);
    default:
      return NaN;
  }
}

/** -1, 0 or 1; NaN when either side is not comparable. Two strings compare as text, else as numbers. */
function compare(a: FormulaValue, b: FormulaValue): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const x = formulaNumber(a);
  const y = formulaNumber(b);
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
}

const num = formulaNumber;
const truthy = formulaTruthy;

export function compileNode(node: FormulaNode): FormulaClosure {
  switch (node.type) {
    case 'number':
    case 'string': {
      const value = node.value;
      return () => value;
    }
    case 'identifier': {
      const name = node.name;
      return (r) => fromResolver(r(name, 'identifier'));
    }
    case 'ref': {
      const key = node.key;
      return (r) => fromResolver(r(key, 'ref'));
    }
    case 'unary':
      return compileUnary(node.op, compileNode(node.operand));
    case 'binary':
      return compileBinary(node.op, compileNode(node.left), compileNode(node.right));
    case 'conditional': {
      const test = compileNode(node.test);
      const consequent = compileNode(node.consequent);
      const alternate = compileNode(node.alternate);
      return (r) => (truthy(test(r)) ? consequent(r) : alternate(r));
    }
    case 'call':
      return compileCall(node);
  }
}

function compileUnary(op: FormulaUnaryOp, a: FormulaClosure): FormulaClosure {
  switch (op) {
    case '-':
      return (r) => -num(a(r));
    case '+':
      return (r) => num(a(r));
    case '!':
      return (r) => (truthy(a(r)) ? 0 : 1);
    case '~':
      return (r) => bitNot(num(a(r)));
  }
}

function compileBinary(op: FormulaBinaryOp, a: FormulaClosure, b: FormulaClosure): FormulaClosure {
  switch (op) {
    case '+':
      return (r) => num(a(r)) + num(b(r));
    case '-':
      return (r) => num(a(r)) - num(b(r));
    case '*':
      return (r) => num(a(r)) * num(b(r));
    case '/':
      return (r) => {
        const n = num(a(r));
        const d = num(b(r));
        return d === 0 ? NaN : n / d;
      };
    case '%':
      return (r) => num(a(r)) % num(b(r)); // x % 0 is already NaN
    case '^':
      return (r) => Math.pow(num(a(r)), num(b(r)));
    case '<<':
      return (r) => shiftLeft(num(a(r)), num(b(r)));
    case '>>':
      return (r) => shiftRight(num(a(r)), num(b(r)));
    case '&':
      return (r) => bitAnd(num(a(r)), num(b(r)));
    case '|':
      return (r) => bitOr(num(a(r)), num(b(r)));
    case '<':
      return (r) => (compare(a(r), b(r)) < 0 ? 1 : 0);
    case '<=':
      return (r) => (compare(a(r), b(r)) <= 0 ? 1 : 0);
    case '>':
      return (r) => (compare(a(r), b(r)) > 0 ? 1 : 0);
    case '>=':
      return (r) => (compare(a(r), b(r)) >= 0 ? 1 : 0);
    case '==':
      return (r) => (compare(a(r), b(r)) === 0 ? 1 : 0);
    case '!=':
      return (r) => (compare(a(r), b(r)) === 0 ? 0 : 1);
    case '&&':
      return (r) => (truthy(a(r)) && truthy(b(r)) ? 1 : 0);
    case '||':
      return (r) => (truthy(a(r)) || truthy(b(r)) ? 1 : 0);
  }
}

function compileCall(node: FormulaCall): FormulaClosure {
  const args = node.args.map(compileNode);
  const [a0, a1, a2] = args;
  if (node.name === 'if' && a0 && a1 && a2) {
    return (r) => (truthy(a0(r)) ? a1(r) : a2(r)); // lazy, and keeps string branches
  }
  const fn = formulaFunction(node.name)?.fn;
  // The parser only builds calls of known functions; a hand-made tree with another name gives NaN.
  if (!fn) return () => NaN;
  if (args.length === 1 && a0) return (r) => fn(num(a0(r)));
  if (args.length === 2 && a0 && a1) return (r) => fn(num(a0(r)), num(a1(r)));
  if (args.length === 3 && a0 && a1 && a2) return (r) => fn(num(a0(r)), num(a1(r)), num(a2(r)));
  return (r) => fn(...args.map((arg) => num(arg(r))));
}
