import { describe, expect, it } from 'vitest';
import { FORMULA_MAX_DEPTH, type FormulaNode } from './ast';
import { evaluateFormula } from './evaluate';
import { parseFormula } from './parser';

const vars: Record<string, number | string> = { x: 10, a: 2, b: 3, c: 4, status: 6 };

function run(text: string): number | string {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message.en}`);
  return evaluateFormula(parsed.ast, (name) => vars[name]);
}

function errorOf(text: string) {
  const parsed = parseFormula(text);
  if (parsed.ok) throw new Error(`${text} parsed`);
  return parsed.error;
}

/** The tree without positions, written as fully parenthesised text. */
function shape(node: FormulaNode): string {
  switch (node.type) {
    case 'number':
      return String(node.value);
    case 'string':
      return JSON.stringify(node.value);
    case 'identifier':
      return node.name;
    case 'ref':
      return `\${${node.key}}`;
    case 'unary':
      return `(${node.op}${shape(node.operand)})`;
    case 'binary':
      return `(${shape(node.left)} ${node.op} ${shape(node.right)})`;
    case 'conditional':
      return `(${shape(node.test)} ? ${shape(node.consequent)} : ${shape(node.alternate)})`;
    case 'call':
      return `${node.name}(${node.args.map(shape).join(', ')})`;
  }
}

function shapeOf(text: string): string {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new Error(parsed.error.message.en);
  return shape(parsed.ast);
}

describe('operator precedence and associativity', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ['10 - 4 - 3', '((10 - 4) - 3)'],
    ['64 / 4 / 2', '((64 / 4) / 2)'],
    ['7 % 4 * 2', '((7 % 4) * 2)'],
    ['2 ^ 3 ^ 2', '(2 ^ (3 ^ 2))'],
    ['2 ** 3 ** 2', '(2 ^ (3 ^ 2))'],
    ['-2 ^ 2', '(-(2 ^ 2))'],
    ['2 ^ -1', '(2 ^ (-1))'],
    ['2 * 3 ^ 2', '(2 * (3 ^ 2))'],
    ['- - x', '(-(-x))'],
    ['!x == 0', '((!x) == 0)'],
    ['~x & 1', '((~x) & 1)'],
    ['1 << 2 + 1', '(1 << (2 + 1))'],
    ['x & 3 << 1', '(x & (3 << 1))'],
    ['x | 1 & 2', '(x | (1 & 2))'],
    ['status & 4 == 4', '((status & 4) == 4)'],
    ['x | 1 < 20', '((x | 1) < 20)'],
    ['a < b == c < x', '((a < b) == (c < x))'],
    ['a == b != c', '((a == b) != c)'],
    ['a || b && c', '(a || (b && c))'],
    ['a && b || c && x', '((a && b) || (c && x))'],
    ['x > 5 && x < 20', '((x > 5) && (x < 20))'],
    ['a ? b : c ? x : 0', '(a ? b : (c ? x : 0))'],
    ['a || b ? 1 : 2', '((a || b) ? 1 : 2)'],
    ['a ? b ? 1 : 2 : 3', '(a ? (b ? 1 : 2) : 3)'],
    ['(x-4)/16*100', '(((x - 4) / 16) * 100)'],
    ['x*0.1+5', '((x * 0.1) + 5)'],
    ['max(a, b) * 2', '(max(a, b) * 2)'],
    ['-abs(x)^2', '(-(abs(x) ^ 2))'],
  ])('parses %s as %s', (text, expected) => {
    expect(shapeOf(text)).toBe(expected);
  });

  it.each([
    ['1 + 2 * 3', 7],
    ['10 - 4 - 3', 3],
    ['64 / 4 / 2', 8],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['2 ^ -1', 0.5],
    ['status & 4 == 4', 1],
    ['status & 1 == 1', 0],
    ['1 << 2 + 1', 8],
    ['x > 5 && x < 20', 1],
    ['a ? b : c ? x : 0', 3],
    ['0 ? 1 : 0 ? 2 : 3', 3],
    ['(x-4)/16*100', 37.5],
    ['x*0.1+5', 6],
  ])('evaluates %s to %s', (text, expected) => {
    expect(run(text)).toBe(expected);
  });
});

describe('literals', () => {
  it.each([
    ['42', 42],
    ['3.25', 3.25],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['1e+2', 100],
    ['0x1F', 31],
    ['0XfF', 255],
    ['0x1e+1', 31],
  ])('reads the number %s', (text, expected) => {
    expect(run(text)).toBe(expected);
  });

  it('reads single- and double-quoted strings with escapes', () => {
    expect(run(`'RUN'`)).toBe('RUN');
    expect(run(`"it's"`)).toBe("it's");
    expect(run(`'a\\'b'`)).toBe("a'b");
    expect(run(`"tab\\there"`)).toBe('tab\there');
    expect(run(`''`)).toBe('');
  });

  it('keeps ${equipmentId.signalId} references as one key', () => {
    expect(shapeOf('${1024.77} + ${eq_1.sig-2}')).toBe('(${1024.77} + ${eq_1.sig-2})');
  });

  it('records where each node starts and ends', () => {
    const parsed = parseFormula('  x * (y + 1)');
    if (!parsed.ok) throw new Error('no parse');
    expect(parsed.ast).toMatchObject({
      start: 2,
      end: 13,
      left: { start: 2, end: 3 },
      right: { start: 6, end: 13 },
    });
  });
});

describe('syntax errors carry a position and both languages', () => {
  it('reports an extra closing parenthesis', () => {
    const error = errorOf('(x+1))');
    expect(error).toEqual({
      kind: 'syntax',
      position: 5,
      message: { en: "Unexpected ')' at 6", zh: "第6个字符处有多余的 ')'" },
    });
  });

  it.each([
    ['x +', 3, 'The formula ends too early', '公式不完整，末尾缺少内容'],
    ['(x + 1', 6, "Missing ')' at the end of the formula", "公式末尾缺少 ')'"],
    ['max(x 1)', 6, "Expected ')' at 7", "第7个字符处缺少 ')'"],
    ['x 5', 2, "Unexpected '5' at 3", "第3个字符处不应出现 '5'"],
    ['x * * 2', 4, "Unexpected '*' at 5", "第5个字符处不应出现 '*'"],
    ['x = 1', 2, "Use '==' to compare, not '=', at 3", "第3个字符处的 '=' 应写作 '=='"],
    ['x # 1', 2, "Unrecognised character '#' at 3", "第3个字符 '#' 无法识别"],
    ['3x + 1', 0, "Malformed number '3x' at 1", "第1个字符处的数字 '3x' 格式错误"],
    ['1.2.3', 0, "Malformed number '1.2.3' at 1", "第1个字符处的数字 '1.2.3' 格式错误"],
    ['0x', 0, "Malformed number '0x' at 1", "第1个字符处的数字 '0x' 格式错误"],
    ["x == 'RUN", 5, 'The string starting at 6 has no closing quote', '第6个字符开始的字符串缺少结束引号'],
    [
      '${12.34',
      0,
      'The reference at 1 must look like ${equipmentId.signalId}',
      '第1个字符处的引用应写作 ${设备ID.变量ID}',
    ],
    [
      '1 + ${1234}',
      4,
      'The reference at 5 must look like ${equipmentId.signalId}',
      '第5个字符处的引用应写作 ${设备ID.变量ID}',
    ],
    ['a ? b', 5, "Missing ':' at the end of the formula", "公式末尾缺少 ':'"],
    ['x 中', 2, "Unrecognised character '中' at 3", "第3个字符 '中' 无法识别"],
  ])('reports %j at %i', (text, position, en, zh) => {
    expect(errorOf(text)).toEqual({ kind: 'syntax', position, message: { en, zh } });
  });

  it('refuses unknown functions at the name, with no prototype lookup', () => {
    expect(errorOf('1 + foo(x)')).toEqual({
      kind: 'unknownFunction',
      position: 4,
      message: { en: "Unknown function 'foo' at 5", zh: "第5个字符处的函数 'foo' 不存在" },
    });
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'eval', 'Function']) {
      expect(errorOf(`${name}(1)`).kind).toBe('unknownFunction');
    }
  });

  it('refuses wrong argument counts', () => {
    expect(errorOf('abs(1, 2)').message).toEqual({
      en: 'Function abs at 1 takes 1 argument',
      zh: '第1个字符处的函数 abs 需要1个参数',
    });
    expect(errorOf('round()').message.en).toBe('Function round at 1 takes 1 to 2 arguments');
    expect(errorOf('x + max()').message).toEqual({
      en: 'Function max at 5 takes at least 1 arguments',
      zh: '第5个字符处的函数 max 需要至少1个参数',
    });
    expect(errorOf('clamp(1, 2)').kind).toBe('arity');
  });

  it('treats an identifier named like a function as a variable unless called', () => {
    expect(shapeOf('max + if')).toBe('(max + if)');
  });
});

describe('limits against abuse', () => {
  it('refuses an empty or blank formula', () => {
    expect(errorOf('').kind).toBe('empty');
    expect(errorOf('   ').message).toEqual({ zh: '公式不能为空', en: 'The formula must not be empty' });
  });

  it('accepts 200 characters and refuses 201 before tokenizing', () => {
    const ok = `x${'+1'.repeat(99)} `;
    expect(ok).toHaveLength(200);
    expect(parseFormula(ok).ok).toBe(true);
    const long = `${ok}#`;
    expect(errorOf(long)).toEqual({
      kind: 'tooLong',
      position: 200,
      message: { zh: '公式不能超过200个字符', en: 'The formula must be at most 200 characters long' },
    });
  });

  it('lets a caller raise the length limit explicitly', () => {
    expect(parseFormula('1+'.repeat(150) + '1', { maxLength: 1000 }).ok).toBe(true);
  });

  it(`accepts ${FORMULA_MAX_DEPTH} nested parentheses and refuses one more`, () => {
    const nest = (n: number) => `${'('.repeat(n)}x${')'.repeat(n)}`;
    expect(parseFormula(nest(FORMULA_MAX_DEPTH)).ok).toBe(true);
    expect(errorOf(nest(FORMULA_MAX_DEPTH + 1))).toMatchObject({
      kind: 'tooDeep',
      position: FORMULA_MAX_DEPTH,
    });
  });

  it('counts prefix operators and powers as nesting', () => {
    expect(errorOf('-'.repeat(FORMULA_MAX_DEPTH + 1) + 'x').kind).toBe('tooDeep');
    expect(errorOf('2^'.repeat(FORMULA_MAX_DEPTH + 1) + '2').kind).toBe('tooDeep');
    const calls = 'abs('.repeat(FORMULA_MAX_DEPTH + 1) + 'x' + ')'.repeat(FORMULA_MAX_DEPTH + 1);
    expect(parseFormula(calls, { maxLength: 1000 })).toMatchObject({ ok: false, error: { kind: 'tooDeep' } });
  });

  it('parses a long flat chain in linear time', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `x${i % 10}`).join('+');
    const started = Date.now();
    expect(parseFormula(text, { maxLength: text.length }).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
