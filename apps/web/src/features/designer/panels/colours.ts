/**
 * Colour picker rules of docs/requirements/pages-and-designer.md §11.1: hex digits only, empty is white, 20
 * recent, 50 presets.
 */

/** 50 predefined colours: greys, then ten hues in four shades. */
export const PRESET_COLOURS: readonly string[] = [
  [
    '#000000',
    '#434343',
    '#666666',
    '#999999',
    '#B7B7B7',
    '#CCCCCC',
    '#D9D9D9',
    '#EFEFEF',
    '#F3F3F3',
    '#FFFFFF',
  ],
  [
    '#980000',
    '#FF0000',
    '#FF9900',
    '#FFFF00',
    '#00FF00',
    '#00FFFF',
    '#4A86E8',
    '#0000FF',
    '#9900FF',
    '#FF00FF',
  ],
  [
    '#E6B8AF',
    '#F4CCCC',
    '#FCE5CD',
    '#FFF2CC',
    '#D9EAD3',
    '#D0E0E3',
    '#C9DAF8',
    '#CFE2F3',
    '#D9D2E9',
    '#EAD1DC',
  ],
  [
    '#CC4125',
    '#E06666',
    '#F6B26B',
    '#FFD966',
    '#93C47D',
    '#76A5AF',
    '#6D9EEB',
    '#6FA8DC',
    '#8E7CC3',
    '#C27BA0',
  ],
  [
    '#85200C',
    '#990000',
    '#B45F06',
    '#BF9000',
    '#38761D',
    '#134F5C',
    '#1155CC',
    '#0B5394',
    '#351C75',
    '#741B47',
  ],
].flat();

/** How many recently used colours are kept. */
export const COLOUR_HISTORY_MAX = 20;
// recently used colours of this tab, newest first
const recent: string[] = [];

/** A colour as the designer stores it: '#' and six upper-case hex digits; empty means white. */
export function normalizeHex(input: string): string {
  const digits = input.replace(/[^0-9a-fA-F]/g, '').slice(0, 6);
  if (!digits) return '#FFFFFF';
  const six = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.padEnd(6, '0');
  return `#${six.toUpperCase()}`;
}

export function rememberColour(hex: string): void {
  const i = recent.indexOf(hex);
  if (i >= 0) recent.splice(i, 1);
  recent.unshift(hex);
  if (recent.length > COLOUR_HISTORY_MAX) recent.length = COLOUR_HISTORY_MAX;
}

export function recentColours(): readonly string[] {
  return recent;
}
