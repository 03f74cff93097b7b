import { describe, expect, it } from 'vitest';
import { checkPassword, passwordProblemText } from './password';

describe('password rule of docs/requirements/account-security.md §2.1', () => {
  it.each(['Abcdef12', 'abc_1234', 'ABC!def9', 'Zx9_Zx9_Zx9_Zx9', 'p@ssW0rd?'])('accepts %s', (pw) => {
    expect(checkPassword(pw)).toBeNull();
  });

  it('rejects fewer than 8 and more than 15 characters', () => {
    expect(checkPassword('Ab1_xyz')).toBe('length');
    expect(checkPassword('Abcdefgh_123456x')).toBe('length');
  });

  it('rejects passwords with fewer than three character classes', () => {
    expect(checkPassword('abcdefgh12')).toBe('classes');
    expect(checkPassword('ABCDEFGH')).toBe('classes');
    expect(checkPassword('12345678_')).toBe('classes');
  });

  it('rejects emoji and characters outside the allowed set', () => {
    expect(checkPassword('Abcdef12😀')).toBe('chars');
    expect(checkPassword('Abc def12')).toBe('chars');
    expect(checkPassword('Abcdef12中')).toBe('chars');
  });

  it('rejects simple repetition such as 111 or aaabbb', () => {
    expect(checkPassword('Ab_111xyz')).toBe('repeat');
    expect(checkPassword('aaabbbC1_')).toBe('repeat');
  });

  it('requires the confirmation to match', () => {
    expect(checkPassword('Abcdef12', 'Abcdef13')).toBe('mismatch');
    expect(checkPassword('Abcdef12', 'Abcdef12')).toBeNull();
  });

  it('explains each problem in both languages', () => {
    expect(passwordProblemText('length', 'en-US')).toMatch(/8-15/);
    expect(passwordProblemText('repeat', 'zh-CN')).toMatch(/111/);
  });
});
