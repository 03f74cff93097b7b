import { describe, expect, it } from 'vitest';
import { addToRefList, insertAtCaret, insertRef, signalRef } from './formulaText';

describe('signalRef', () => {
  it('writes the ${equipmentId.signalId} form of docs/requirements/projects.md §5.1', () => {
    expect(signalRef(12, 345)).toBe('${12.345}');
  });
});

describe('insertAtCaret', () => {
  it('inserts at the caret and puts the caret after the insert', () => {
    expect(insertAtCaret({ text: 'a + b', start: 4, end: 4 }, '${1.2} ')).toEqual({
      text: 'a + ${1.2} b',
      start: 11,
      end: 11,
    });
  });

  it('replaces the selected text', () => {
    expect(insertAtCaret({ text: 'x * 2', start: 0, end: 1 }, '${3.4}')).toEqual({
      text: '${3.4} * 2',
      start: 6,
      end: 6,
    });
  });

  it('appends when the caret is unknown', () => {
    expect(insertAtCaret({ text: '1 +', start: -1, end: -1 }, ' 2').text).toBe('1 + 2');
    expect(insertAtCaret({ text: '1 +', start: 99, end: 99 }, ' 2').text).toBe('1 + 2');
  });
});

describe('addToRefList', () => {
  it('starts, extends and keeps a comma-separated list of references', () => {
    expect(addToRefList('', '${1.2}')).toBe('${1.2}');
    expect(addToRefList('${1.2}', '${1.3}')).toBe('${1.2}, ${1.3}');
    expect(addToRefList('${1.2},', '${1.3}')).toBe('${1.2}, ${1.3}');
  });

  it('does not add a reference twice', () => {
    expect(addToRefList('${1.2}, ${1.3}', '${1.2}')).toBe('${1.2}, ${1.3}');
  });
});

describe('insertRef', () => {
  it('adds to the list of an aggregate and inserts at the caret of a custom expression', () => {
    expect(insertRef('sum', { text: '${1.2}', start: 0, end: 0 }, '${1.3}').text).toBe('${1.2}, ${1.3}');
    expect(insertRef('custom', { text: ' * 2', start: 0, end: 0 }, '${1.3}')).toEqual({
      text: '${1.3} * 2',
      start: 6,
      end: 6,
    });
  });
});
