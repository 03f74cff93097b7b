import { describe, expect, it } from 'vitest';
import { FORMULA_MAX_LENGTH } from './ast';
import { parseFormula } from './parser';
import { formulaReferences, validateFormula } from './validate';

function refsOf(text: string) {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new Error(parsed.error.message.en);
  return formulaReferences(parsed.ast);
}

describe('formulaReferences', () => {
  it('lists identifiers and ${} references once each, in order of appearance, without function names', () => {
    expect(refsOf('max(tank_level, x) + ${12.3} * x - ${12.3} + ${12.4} > limit ? pump : 0')).toEqual({
      identifiers: ['tank_level', 'x', 'limit', 'pump'],
      refs: ['12.3', '12.4'],
    });
  });

  it('lists nothing for a constant', () => {
    expect(refsOf('round(3.14159, 2)')).toEqual({ identifiers: [], refs: [] });
  });
});

describe('validateFormula', () => {
  it('accepts a good collection formula', () => {
    expect(validateFormula('x*0.1+5', { allowedIdentifiers: ['x'] })).toBeNull();
    expect(validateFormula('(x-4)/16*100')).toBeNull();
  });

  it('refuses an empty formula in both languages', () => {
    expect(validateFormula('')).toEqual({
      kind: 'empty',
      position: 0,
      message: { zh: '公式不能为空', en: 'The formula must not be empty' },
    });
    expect(validateFormula(' \t ')?.kind).toBe('empty');
  });

  it(`accepts ${FORMULA_MAX_LENGTH} characters and refuses ${FORMULA_MAX_LENGTH + 1}`, () => {
    const at200 = 'x' + '+x'.repeat(99) + ' ';
    expect(at200).toHaveLength(200);
    expect(validateFormula(at200)).toBeNull();
    expect(validateFormula(at200 + ' ')).toEqual({
      kind: 'tooLong',
      position: 200,
      message: { zh: '公式不能超过200个字符', en: 'The formula must be at most 200 characters long' },
    });
  });

  it('checks the length before parsing, so a long garbage text reports only its length', () => {
    expect(validateFormula('#'.repeat(100_000))?.kind).toBe('tooLong');
  });

  it('reports a syntax error with its position', () => {
    expect(validateFormula('x*0.1+')).toMatchObject({ kind: 'syntax', position: 6 });
    expect(validateFormula('(x-4))/16')).toMatchObject({
      kind: 'syntax',
      position: 5,
      message: { en: "Unexpected ')' at 6", zh: "第6个字符处有多余的 ')'" },
    });
  });

  it('reports an unknown function', () => {
    expect(validateFormula('x + log2(x)')).toEqual({
      kind: 'unknownFunction',
      position: 4,
      message: { en: "Unknown function 'log2' at 5", zh: "第5个字符处的函数 'log2' 不存在" },
    });
  });

  it('reports the first identifier outside the whitelist', () => {
    expect(validateFormula('x + y * z', { allowedIdentifiers: ['x'] })).toEqual({
      kind: 'unknownIdentifier',
      position: 4,
      message: { en: "Unknown variable 'y' at 5", zh: "第5个字符处的变量 'y' 不存在" },
    });
    expect(
      validateFormula('tank_level > 80 && pump', { allowedIdentifiers: ['tank_level', 'pump'] }),
    ).toBeNull();
  });

  it('allows any identifier without a whitelist', () => {
    expect(validateFormula('anything_at_all + other')).toBeNull();
  });

  it('reports a ${} reference outside the given list', () => {
    expect(validateFormula('${1.2} + ${1.3}', { allowedRefs: ['1.2'] })).toEqual({
      kind: 'unknownReference',
      position: 9,
      message: { en: 'Unknown reference ${1.3} at 10', zh: '第10个字符处引用的变量 ${1.3} 不存在' },
    });
  });

  it('leaves references unchecked when only identifiers are whitelisted', () => {
    expect(validateFormula('${1.2} + x', { allowedIdentifiers: ['x'] })).toBeNull();
  });

  it('reports nesting beyond the limit', () => {
    expect(validateFormula('('.repeat(70) + 'x' + ')'.repeat(70))?.kind).toBe('tooDeep');
  });
});
