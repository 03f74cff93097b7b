import { describe, expect, it } from 'vitest';
import { COLOUR_HISTORY_MAX, normalizeHex, PRESET_COLOURS, recentColours, rememberColour } from './colours';

describe('designer colour picker rules (docs/requirements/pages-and-designer.md §11.1)', () => {
  it('keeps only hex digits and makes an empty value white', () => {
    expect(normalizeHex('#1a2b3c')).toBe('#1A2B3C');
    expect(normalizeHex('zz12xx34yy56')).toBe('#123456');
    expect(normalizeHex('')).toBe('#FFFFFF');
    expect(normalizeHex('#f00')).toBe('#FF0000');
  });

  it('offers 50 distinct predefined colours', () => {
    expect(PRESET_COLOURS).toHaveLength(50);
    expect(new Set(PRESET_COLOURS).size).toBe(50);
  });

  it('remembers the last 20 colours, newest first, each once', () => {
    for (let i = 0; i < 25; i++) rememberColour(normalizeHex(i.toString(16).padStart(6, '0')));
    rememberColour('#000003');
    const recent = recentColours();
    expect(recent).toHaveLength(COLOUR_HISTORY_MAX);
    expect(recent[0]).toBe('#000003');
    expect(recent.filter((c: string) => c === '#000003')).toHaveLength(1);
    expect(recent).not.toContain('#000000');
  });
});
