/**
 * Bilingual texts of formula problems. Positions in the texts count characters from 1, as a user
 * reads them; `FormulaError.position` stays the 0-based offset an editor needs for the caret.
 */
import { FORMULA_MAX_DEPTH, type FormulaError, type FormulaErrorKind } from './ast';

function problem(kind: FormulaErrorKind, position: number, zh: string, en: string): FormulaError {
  return { kind, position, message: { zh, en } };
}

/** Shortens an offending token so a message stays one line. */
function shown(token: string): string {
  return token.length > 20 ? `${token.slice(0, 20)}…` : token;
}

export const formulaProblems = {
  empty: (): FormulaError => problem('empty', 0, '公式不能为空', 'The formula must not be empty'),

  tooLong: (max: number): FormulaError =>
    problem('tooLong', max, `公式不能超过${max}个字符`, `The formula must be at most ${max} characters long`),

  unknownCharacter: (position: number, char: string): FormulaError =>
    problem(
      'syntax',
      position,
      `第${position + 1}个字符 '${char}' 无法识别`,
      `Unrecognised character '${char}' at ${position + 1}`,
    ),

  singleEquals: (position: number): FormulaError =>
    problem(
      'syntax',
      position,
      `第${position + 1}个字符处的 '=' 应写作 '=='`,
      `Use '==' to compare, not '=', at ${position + 1}`,
    ),

  badNumber: (position: number, text: string): FormulaError =>
    problem(
      'syntax',
      position,
      `第${position + 1}个字符处的数字 '${shown(text)}' 格式错误`,
      `Malformed number '${shown(text)}' at ${position + 1}`,
    ),

  unclosedString: (position: number): FormulaError =>
    problem(
      'syntax',
      position,
      `第${position + 1}个字符开始的字符串缺少结束引号`,
      `The string starting at ${position + 1} has no closing quote`,
    ),

  badRef: (position: number): FormulaError =>
    problem(
      'syntax',
      position,
      `第${position + 1}个字符处的引用应写作 \${设备ID.变量ID}`,
      `The reference at ${position + 1} must look like \${equipmentId.signalId}`,
    ),

  unexpected: (position: number, token: string): FormulaError =>
    token === ')'
      ? problem(
          'syntax',
          position,
          `第${position + 1}个字符处有多余的 ')'`,
          `Unexpected ')' at ${position + 1}`,
        )
      : problem(
          'syntax',
          position,
          `第${position + 1}个字符处不应出现 '${shown(token)}'`,
          `Unexpected '${shown(token)}' at ${position + 1}`,
        ),

  unexpectedEnd: (position: number): FormulaError =>
    problem('syntax', position, '公式不完整，末尾缺少内容', 'The formula ends too early'),

  missing: (position: number, token: string, atEnd: boolean): FormulaError =>
    atEnd
      ? problem('syntax', position, `公式末尾缺少 '${token}'`, `Missing '${token}' at the end of the formula`)
      : problem(
          'syntax',
          position,
          `第${position + 1}个字符处缺少 '${token}'`,
          `Expected '${token}' at ${position + 1}`,
        ),

  tooDeep: (position: number): FormulaError =>
    problem(
      'tooDeep',
      position,
      `第${position + 1}个字符处嵌套超过${FORMULA_MAX_DEPTH}层`,
      `Nesting deeper than ${FORMULA_MAX_DEPTH} levels at ${position + 1}`,
    ),

  unknownFunction: (position: number, name: string): FormulaError =>
    problem(
      'unknownFunction',
      position,
      `第${position + 1}个字符处的函数 '${shown(name)}' 不存在`,
      `Unknown function '${shown(name)}' at ${position + 1}`,
    ),

  arity: (position: number, name: string, min: number, max: number): FormulaError => {
    const zhCount = max === min ? `${min}个` : max === Infinity ? `至少${min}个` : `${min}到${max}个`;
    const enCount = max === min ? `${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
    const plural = max === 1 ? 'argument' : 'arguments';
    return problem(
      'arity',
      position,
      `第${position + 1}个字符处的函数 ${name} 需要${zhCount}参数`,
      `Function ${name} at ${position + 1} takes ${enCount} ${plural}`,
    );
  },

  unknownIdentifier: (position: number, name: string): FormulaError =>
    problem(
      'unknownIdentifier',
      position,
      `第${position + 1}个字符处的变量 '${shown(name)}' 不存在`,
      `Unknown variable '${shown(name)}' at ${position + 1}`,
    ),

  unknownReference: (position: number, key: string): FormulaError =>
    problem(
      'unknownReference',
      position,
      `第${position + 1}个字符处引用的变量 \${${shown(key)}} 不存在`,
      `Unknown reference \${${shown(key)}} at ${position + 1}`,
    ),
};
