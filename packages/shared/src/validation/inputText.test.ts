import { describe, expect, it } from 'vitest';
import { inputProblem, inputProblemText, MAX_INPUT_DEPTH, storableText, textProblem } from './inputText';

describe('the storable-text rule', () => {
  it('accepts ordinary text in both languages, emoji and line breaks', () => {
    for (const text of ['Boiler 1', '锅炉一号', 'tank \u{1F6E2}\uFE0F', 'a\nb\tc', ''])
      expect(textProblem(text)).toBeNull();
  });

  it('finds NUL and lone surrogates of either half', () => {
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('a\uD83D')).toBe('surrogate');
    expect(textProblem('\uDE00a')).toBe('surrogate');
    expect(textProblem('\uDE00\uD83D')).toBe('surrogate');
  });

  it('names the path of the first bad string or key in nested input', () => {
    expect(inputProblem({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ path: 'a.1.c', problem: 'nul' });
    expect(inputProblem({ ['k\uD800']: 1 })?.problem).toBe('surrogate');
    expect(inputProblem({ a: 1, b: [true, null, 'fine'] })).toBeNull();
  });

  it('refuses nesting beyond the limit without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(inputProblem(deep)?.problem).toBe('depth');
    let limit: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) limit = { a: limit };
    expect(inputProblem(limit)).toBeNull();
  });

  it('reads well in both languages and never echoes the bad character', () => {
    const found = inputProblem({ ['n\u0000']: 'x' })!;
    expect(inputProblemText(found, 'en-US')).toBe('n\uFFFD: contains a NUL character (U+0000)');
    expect(inputProblemText({ path: '', problem: 'depth' }, 'zh-CN')).toBe(
      `请求: 嵌套层级超过 ${MAX_INPUT_DEPTH} 层`,
    );
  });

  it('is the same rule as a zod field', () => {
    expect(storableText.safeParse('ok').success).toBe(true);
    expect(storableText.safeParse('no\u0000').success).toBe(false);
  });
});
