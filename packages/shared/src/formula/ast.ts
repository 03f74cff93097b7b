/**
 * The formula language's syntax tree, its values and its limits. Formulas are the collection and
 * write formulas of a variable (`x*0.1+5`), intermediate and internal variable formulas, report,
 * alarm and script conditions, and the custom expressions of intermediate variables (mvar).
 */

/**
 * Longest formula accepted, in UTF-16 code units like an HTML `maxlength`
 * (docs/requirements/device-configuration.md §3.3, docs/requirements/projects.md §5.2).
 */
export const FORMULA_MAX_LENGTH = 200;

/** Deepest nesting of parentheses, calls, ternaries, prefix operators and powers the parser accepts. */
export const FORMULA_MAX_DEPTH = 64;

/** What a formula computes. Booleans are the numbers 1 and 0. */
export type FormulaValue = number | string;

/**
 * Reads the value of a name used in a formula: an identifier (`x`, `tank_level`) or a reference
 * written `${equipmentId.signalId}`, which arrives without `${}` as `equipmentId.signalId`. The two
 * can never collide because identifiers contain no dot. `undefined` means unknown and becomes NaN.
 */
export type FormulaResolver = (name: string, kind: 'identifier' | 'ref') => FormulaValue | undefined;

export type FormulaUnaryOp = '-' | '+' | '!' | '~';

/** `^` is power (as is `**`, which the parser stores as `^`), never exclusive or. */
export type FormulaBinaryOp =
  | '^'
  | '*'
  | '/'
  | '%'
  | '+'
  | '-'
  | '<<'
  | '>>'
  | '&'
  | '|'
  | '<'
  | '<='
  | '>'
  | '>='
  | '=='
  | '!='
  | '&&'
  | '||';

/** Where a node sits in the formula text: `start` is a 0-based offset, `end` is exclusive. */
interface Span {
  start: number;
  end: number;
}

export interface FormulaNumber extends Span {
  type: 'number';
  value: number;
}

export interface FormulaString extends Span {
  type: 'string';
  value: string;
}

export interface FormulaIdentifier extends Span {
  type: 'identifier';
  name: string;
}

/** `${equipmentId.signalId}`; `key` is the part between the braces. */
export interface FormulaRef extends Span {
  type: 'ref';
  key: string;
}

export interface FormulaUnary extends Span {
  type: 'unary';
  op: FormulaUnaryOp;
  operand: FormulaNode;
}

export interface FormulaBinary extends Span {
  type: 'binary';
  op: FormulaBinaryOp;
  left: FormulaNode;
  right: FormulaNode;
}

export interface FormulaConditional extends Span {
  type: 'conditional';
  test: FormulaNode;
  consequent: FormulaNode;
  alternate: FormulaNode;
}

/** A call of one of the whitelisted functions (`FORMULA_FUNCTION_NAMES`); arity is checked by the parser. */
export interface FormulaCall extends Span {
  type: 'call';
  name: string;
  args: FormulaNode[];
}

export type FormulaNode =
  | FormulaNumber
  | FormulaString
  | FormulaIdentifier
  | FormulaRef
  | FormulaUnary
  | FormulaBinary
  | FormulaConditional
  | FormulaCall;

/** Why a formula was refused; the server maps `kind` onto its catalogue code. */
export type FormulaErrorKind =
  | 'empty'
  | 'tooLong'
  | 'syntax'
  | 'tooDeep'
  | 'unknownFunction'
  | 'arity'
  | 'unknownIdentifier'
  | 'unknownReference';

/** A formula problem in both languages. `position` is the 0-based offset of the offending text. */
export interface FormulaError {
  kind: FormulaErrorKind;
  position: number;
  message: { zh: string; en: string };
}
