/**
 * `defaultWidget(type)`: a new widget of a creatable type with the defaults of
 * docs/requirements/widgets.md §2 and §3. Where the specification gives no value, the defaults are
 * those common SCADA editors use and are marked.
 */
import { type Widget, type WidgetStyle, widgetSchema } from './document';
import { type CreatableType, type WidgetType, catalogueEntry, isCreatableType } from './widgetTypes';
import { COMPLEX_DEFAULT_TYPES, type ComplexDefaultType, complexSpecific } from './complexDefaults';

const complexTypes: ReadonlySet<string> = new Set(COMPLEX_DEFAULT_TYPES);
const isComplexDefault = (type: string): type is ComplexDefaultType => complexTypes.has(type);

/** Options of a new widget; id is required so commands stay deterministic (replayable). */
export interface NewWidgetOptions {
  id: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  widgetName?: string;
}

const shapeStyle: WidgetStyle = {
  fill: '#1890FF',
  opacity: 1,
  stroke: { color: '#000000', width: 1, dash: 'solid' },
  flip: { x: false, y: false },
};
const textFont = { family: 'Microsoft YaHei', size: 14, weight: 'normal', italic: false };

// Type-specific data and style; docs/requirements/widgets.md §2–§3 values where given, else
// marked "seed silent".
function specific(type: CreatableType): { data: Record<string, unknown>; style: WidgetStyle } {
  if (isComplexDefault(type)) return complexSpecific(type);
  switch (type) {
    case 'ShapeArrow':
    case 'ShapeCircle':
    case 'ShapeEllipse':
    case 'ShapeOctagon':
    case 'ShapeParallelogram':
    case 'ShapePrism':
    case 'ShapeTriangle':
      return { data: {}, style: shapeStyle };
    case 'ShapeRect':
      return { data: {}, style: { ...shapeStyle, radius: 0 } };
    case 'ShapeLine':
    case 'ShapeStraight':
      // Lines keep their points relative to the box (seed silent on the format).
      return {
        data: { points: type === 'ShapeStraight' ? [0, 0.5, 1, 0.5] : [0, 1, 0.5, 0, 1, 1] },
        style: {
          opacity: 1,
          line: { color: '#1890FF', width: 2, dash: 'solid', arrowStart: false, arrowEnd: false },
        },
      };
    case 'UsualText':
      return {
        data: { text: '' },
        style: { color: '#000000', font: textFont, align: 'center', opacity: 1 },
      };
    case 'UsualDataText':
      // decimals/unit: seed silent; the value text follows designer setting dataTextShow.
      return {
        data: { decimals: -1, unit: '', prefix: '', suffix: '' },
        style: { color: '#000000', font: textFont, align: 'center', opacity: 1 },
      };
    case 'UsualButton':
      return {
        data: { text: '' },
        style: {
          fill: '#1890FF',
          color: '#FFFFFF',
          radius: 4,
          font: textFont,
          align: 'center',
          opacity: 1,
        },
      };
    case 'UsualImage':
      return { data: { imgUrl: '' }, style: { fit: 'contain', opacity: 1, radius: 0 } };
    case 'UsualPercentFill':
      // Modes of docs/requirements/widgets.md §3.1: rectangle, capacity, doughnut.
      return {
        data: { mode: 'rectangle', minVal: 0, maxVal: 100, direction: 'up' },
        style: { fill: '#E8E8E8', color: '#52C41A', radius: 0, opacity: 1, font: textFont },
      };
    case 'UsualDashboard':
      return {
        data: { minVal: 0, maxVal: 100, unit: '', splitNumber: 10 },
        style: { color: '#1890FF', font: textFont, opacity: 1 },
      };
    case 'UsualTimer':
      return {
        data: { format: 'YYYY-MM-DD HH:mm:ss' },
        style: { color: '#000000', font: textFont, align: 'center', opacity: 1 },
      };
    case 'UsualAnimation':
      return { data: { frames: [], interval: 1000 }, style: { fit: 'contain', opacity: 1 } };
    case 'UsualScrollbar':
      return {
        data: { minVal: 0, maxVal: 100, step: 1, confirm: true, feedback: false },
        style: { fill: '#E8E8E8', color: '#1890FF', radius: 4, opacity: 1 },
      };
    case 'UsualInput':
      return {
        data: { placeholder: '', confirm: true, feedback: false },
        style: { color: '#000000', fill: '#FFFFFF', radius: 4, font: textFont, opacity: 1 },
      };
    case 'UsualSelect':
      // A switch: values written for on and off (seed silent: 1 and 0).
      return {
        data: { onValue: '1', offValue: '0', confirm: true, feedback: false },
        style: { fill: '#52C41A', color: '#BFBFBF', opacity: 1 },
      };
    case 'UsualRadio':
      return {
        data: { options: [], confirm: true, feedback: false },
        style: { color: '#000000', font: textFont, opacity: 1 },
      };
    case 'UsualComboBox':
      // docs/requirements/widgets.md §3.3 ComboBox: options, confirm, feedback, placeholder 请选择; style
      // radius, triangle colours, dropdown (width, hover colour), rightDistance.
      return {
        data: { options: [], confirm: true, feedback: false, placeholder: '请选择' },
        style: {
          radius: 4,
          color: '#000000',
          fill: '#FFFFFF',
          font: textFont,
          opacity: 1,
          triangle: { color: '#BFBFBF', activeColor: '#1890FF' },
          dropdown: { width: 0, hoverColor: '#E6F7FF' },
          rightDistance: 10,
        },
      };
    case 'UsualTimeSelector':
      return {
        data: { format: 'YYYY-MM-DD HH:mm:ss', confirm: true, feedback: false },
        style: { color: '#000000', fill: '#FFFFFF', radius: 4, font: textFont, opacity: 1 },
      };
  }
}

// The defaults are plain JSON; a copy keeps the shared constants untouched by later edits.
function jsonClone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Thrown by `defaultWidget` for a type this version cannot create yet. */
export class UnsupportedWidgetTypeError extends Error {
  constructor(readonly widgetType: string) {
    super(`widget type not creatable yet: ${widgetType}`);
  }
}

/** A new widget of `type` at (x, y) with the catalogue's default size and the seed defaults. */
export function defaultWidget(type: WidgetType, options: NewWidgetOptions): Widget {
  if (!isCreatableType(type)) throw new UnsupportedWidgetTypeError(type);
  const entry = catalogueEntry(type);
  const { data, style } = specific(type);
  return widgetSchema.parse({
    id: options.id,
    textId: options.id,
    widgetType: type,
    widgetName: options.widgetName ?? entry.label.en,
    position: {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? entry.defaultSize.width,
      height: options.height ?? entry.defaultSize.height,
      rotate: 0,
    },
    style: jsonClone(style),
    data: jsonClone(data),
  });
}

let idCounter = 0;
/** A fresh widget or group id (random where the platform offers it). */
export function newId(prefix = 'w'): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return `${prefix}_${c.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  idCounter += 1;
  return `${prefix}_${Date.now().toString(36)}${idCounter.toString(36)}`;
}
