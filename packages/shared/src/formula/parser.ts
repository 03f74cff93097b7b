/**
 * Parses formula text into a syntax tree by recursive descent: one pass over the tokens, no
 * backtracking, so the work is linear in the text. Length and nesting are bounded before anything
 * deep happens. Precedence, loosest first (bitwise binds tighter than comparison, as in Python, so
 * `status & 4 == 4` means `(status & 4) == 4`):
 *
 *   ?:  (right-assoc)  ||  &&  == !=  < <= > >=  |  &  << >>  + -  * / %
 *   prefix - + ! ~     ^ ** (right-assoc; `-2^2` is -4, `2^-1` is 0.5)
 */
import {
  FORMULA_MAX_DEPTH,
  FORMULA_MAX_LENGTH,
  type FormulaBinaryOp,
  type FormulaError,
  type FormulaNode,
  type FormulaUnaryOp,
} from './ast';
import { formulaFunction } from './functions';
import { type FormulaToken, tokenize } from './lexer';
import { formulaProblems } from './messages';

export type FormulaParseResult = { ok: true; ast: FormulaNode } | { ok: false; error: FormulaError };

/** Binary operator levels from loosest to tightest; all are left-associative. */
const LEVELS: readonly (readonly FormulaBinaryOp[])[] = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['<', '<=', '>', '>='],
  ['|'],
  ['&'],
  ['<<', '>>'],
  ['+', '-'],
  ['*', '/', '%'],
];
const UNARY_OPS: readonly string[] = ['-', '+', '!', '~'];

/** Thrown only inside this module to unwind the descent; `parseFormula` returns it as data. */
class Stop {
  constructor(readonly error: FormulaError) {}
}

/**
 * Parses a formula. Empty text and text longer than `maxLength` (default `FORMULA_MAX_LENGTH`)
 * are refused before tokenizing. Unknown functions and wrong argument counts are parse errors.
 */
export function parseFormula(text: string, options: { maxLength?: number } = {}): FormulaParseResult {
  const maxLength = options.maxLength ?? FORMULA_MAX_LENGTH;
  if (text.length > maxLength) return { ok: false, error: formulaProblems.tooLong(maxLength) };
  if (text.trim() === '') return { ok: false, error: formulaProblems.empty() };
  const tokens = tokenize(text);
  if (!Array.isArray(tokens)) return { ok: false, error: tokens };
  try {
    const parser = new Parser(tokens, text);
    const ast = parser.expression();
    parser.finish();
    return { ok: true, ast };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, error: e.error };
    throw e;
  }
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: readonly FormulaToken[],
    private readonly text: string,
  ) {}

  private peek(): FormulaToken {
    // The token list always ends with an 'end' token and the index never passes it.
    return this.tokens[this.index] ?? { kind: 'end', start: this.text.length, end: this.text.length };
  }

  private next(): FormulaToken {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.text === text;
  }

  private unexpected(token: FormulaToken): Stop {
    if (token.kind === 'end') return new Stop(formulaProblems.unexpectedEnd(token.start));
    return new Stop(formulaProblems.unexpected(token.start, this.text.slice(token.start, token.end)));
  }

  private expect(text: string): FormulaToken {
    const token = this.peek();
    if (token.kind === 'punct' && token.text === text) return this.next();
    throw new Stop(formulaProblems.missing(token.start, text, token.kind === 'end'));
  }

  /** Runs one nested construct, refusing to go deeper than `FORMULA_MAX_DEPTH`. */
  private nested<T>(position: number, parse: () => T): T {
    if (++this.depth > FORMULA_MAX_DEPTH) throw new Stop(formulaProblems.tooDeep(position));
    const result = parse();
    this.depth--;
    return result;
  }

  finish(): void {
    const token = this.peek();
    if (token.kind !== 'end') throw this.unexpected(token);
  }

  expression(): FormulaNode {
    const test = this.binary(0);
    if (!this.isPunct('?')) return test;
    const question = this.next();
    return this.nested(question.start, () => {
      const consequent = this.expression();
      this.expect(':');
      const alternate = this.expression();
      return { type: 'conditional', test, consequent, alternate, start: test.start, end: alternate.end };
    });
  }

  private binary(level: number): FormulaNode {
    const ops = LEVELS[level];
    if (!ops) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      const op = token.kind === 'punct' ? ops.find((o) => o === token.text) : undefined;
      if (!op) return left;
      this.next();
      const right = this.binary(level + 1);
      left = { type: 'binary', op, left, right, start: left.start, end: right.end };
    }
  }

  private unary(): FormulaNode {
    const token = this.peek();
    if (token.kind === 'punct' && UNARY_OPS.includes(token.text)) {
      this.next();
      const operand = this.nested(token.start, () => this.unary());
      const op = token.text as FormulaUnaryOp; // checked against UNARY_OPS just above
      return { type: 'unary', op, operand, start: token.start, end: operand.end };
    }
    return this.power();
  }

  private power(): FormulaNode {
    const base = this.primary();
    if (!this.isPunct('^') && !this.isPunct('**')) return base;
    const op = this.next();
    const exponent = this.nested(op.start, () => this.unary());
    return { type: 'binary', op: '^', left: base, right: exponent, start: base.start, end: exponent.end };
  }

  private primary(): FormulaNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { type: 'number', value: token.value, start: token.start, end: token.end };
      case 'string':
        return { type: 'string', value: token.value, start: token.start, end: token.end };
      case 'ref':
        return { type: 'ref', key: token.key, start: token.start, end: token.end };
      case 'identifier':
        if (this.isPunct('(')) return this.call(token.name, token.start);
        return { type: 'identifier', name: token.name, start: token.start, end: token.end };
      case 'punct':
        if (token.text !== '(') throw this.unexpected(token);
        return this.nested(token.start, () => {
          const inner = this.expression();
          const close = this.expect(')');
          return { ...inner, start: token.start, end: close.end }; // the span includes the parentheses
        });
      case 'end':
        throw this.unexpected(token);
    }
  }

  private call(name: string, start: number): FormulaNode {
    const fn = formulaFunction(name);
    if (!fn) throw new Stop(formulaProblems.unknownFunction(start, name));
    this.next(); // '('
    const args = this.nested(start, () => {
      const list: FormulaNode[] = [];
      if (!this.isPunct(')')) {
        list.push(this.expression());
        while (this.isPunct(',')) {
          this.next();
          list.push(this.expression());
        }
      }
      return list;
    });
    const close = this.expect(')');
    if (args.length < fn.min || args.length > fn.max) {
      throw new Stop(formulaProblems.arity(start, name, fn.min, fn.max));
    }
    return { type: 'call', name, args, start, end: close.end };
  }
}
