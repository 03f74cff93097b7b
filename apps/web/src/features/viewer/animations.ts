/**
 * Animations in view mode (docs/requirements/pages-and-designer.md §9.2): each enabled animation reads its
 * bound signal and compares it with its condition (symbol, default ==; value, default 0). Colour animations
 * pick the colour of the first row whose condition holds. Pure functions: the viewer's widget wrapper
 * turns the result into CSS.
 */
import type { Animation, ColorRow, CompareSymbol, Widget } from '@fieldhub/hmi';
import type { RuntimeValue } from '../../app/widgets/runtime';
import { keyOfSource } from './valueStore';

/**
 * `actual symbol expected`: numerically when both read as numbers, else as text (a state text,
 * a string signal). A missing value never matches.
 */
export function compare(actual: RuntimeValue['value'] | undefined, symbol: CompareSymbol, expected: string) {
  if (actual === null || actual === undefined) return false;
  const a = typeof actual === 'number' ? actual : Number(actual);
  const b = Number(expected);
  const numeric =
    expected.trim() !== '' && Number.isFinite(a) && Number.isFinite(b) && String(actual).trim() !== '';
  const [x, y] = numeric ? [a, b] : [String(actual), expected];
  switch (symbol) {
    case '==':
      return x === y;
    case '!=':
      return x !== y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
  }
}

/** What the enabled animations ask for right now. */
export interface AnimationState {
  hidden: boolean;
  twinkle: number | null;
  rotate: { speed: number; ccw: boolean } | null;
  fill: string | null;
  border: string | null;
  font: string | null;
}

export const NO_ANIMATION: AnimationState = {
  hidden: false,
  twinkle: null,
  rotate: null,
  fill: null,
  border: null,
  font: null,
};

const rowColor = (rows: ColorRow[], value: RuntimeValue['value'] | undefined) =>
  rows.find((r) => compare(value, r.symbol, r.value))?.color ?? null;

/** The keys the enabled animations of a widget read. */
export function animationKeys(widget: Widget): string[] {
  return widget.animation
    .filter((a) => a.enable)
    .map((a) => keyOfSource(a.data))
    .filter(Boolean);
}

/**
 * The state of a widget's animations for the values `valueOf` holds. `visiable` with `show`
 * shows the widget only while its condition holds (hides it otherwise); with `show` false it hides
 * the widget while the condition holds. Twinkle and rotate run while their condition holds.
 * Colour animations use their rows; a colour animation without rows uses its own condition and
 * has nothing to paint, so it is ignored.
 */
export function animationState(
  animations: readonly Animation[],
  valueOf: (key: string) => RuntimeValue | undefined,
): AnimationState {
  let state = NO_ANIMATION;
  const set = (patch: Partial<AnimationState>) => (state = { ...state, ...patch });
  for (const a of animations) {
    if (!a.enable) continue;
    const key = keyOfSource(a.data);
    const value = key ? valueOf(key)?.value : undefined;
    const holds = compare(value, a.symbol, a.value);
    switch (a.type) {
      case 'visiable':
        if (a.show ? !holds : holds) set({ hidden: true });
        break;
      case 'twinkle':
        if (holds) set({ twinkle: a.speed });
        break;
      case 'rotate':
        if (holds) set({ rotate: { speed: a.speed, ccw: a.direction === 'ccw' } });
        break;
      case 'fillColor':
        set({ fill: rowColor(a.rows, value) ?? state.fill });
        break;
      case 'borderColor':
        set({ border: rowColor(a.rows, value) ?? state.border });
        break;
      case 'fontColor':
        set({ font: rowColor(a.rows, value) ?? state.font });
        break;
    }
  }
  return state;
}
