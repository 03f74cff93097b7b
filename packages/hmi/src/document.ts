/**
 * The page document (docs/requirements/pages-and-designer.md §2, §5–§9): page options, widgets with their
 * common fields, data binding, click events, animations, groups and the page's bind section. Field names
 * follow the spec (widgetType, widgetName, posLock, position, ...) so saved pages of the spec import
 * unchanged.
 *
 * Layout decisions (the seed is silent on them):
 * - `widgets` is a flat array; its order is the paint order (last = on top). z-order commands
 *   reorder it, so no separate zIndex field can drift out of sync.
 * - Groups are one level deep and kept in `groups`; a widget names its group in `groupId`, the
 *   group lists its members in `children` (both kept in sync by the commands). A group's position
 *   is the bounds of its children, computed, never stored.
 * - `data` and `style` hold the common fields typed and let widget-specific fields through (loose
 *   objects); each type's own fields are checked by its descriptor (widgetRegistry.ts). Places the kernels read:
 *   navigation/menu entries in `data.navItems`, carousel pictures in `data.picArray`, alarm-record
 *   equipment in `data.equips`, the status timeline's report signal in `data.reportSignal`.
 *
 * Additive changes only: the designer (apps/web) and the page storage (apps/server) build on it.
 */
import { z } from 'zod';
import { widgetTypeSchema } from './widgetTypes';

/** The document version this package writes; `migrate` brings older ones to it. */
export const CURRENT_VERSION = 1;

const str = z.string().default('');
const num = z.coerce.number().refine(Number.isFinite, 'must be a finite number');

/** One signal reference inside an array binding (signalArray, reportSignalArray, ...). */
export const signalRefSchema = z.looseObject({
  signalId: str,
  equipId: str,
  /** Signal title as shown. */
  title: str,
  /** Equipment title. */
  subTitle: str,
  color: z.string().optional(),
  alias: z.string().optional(),
  reportId: z.string().optional(),
  /** Of a report item (reportSignalArray): which of the report's aggregations of the signal. */
  aggregation: z.string().optional(),
});
export type SignalRef = z.infer<typeof signalRefSchema>;

/** What a binding points at (docs/requirements/pages-and-designer.md §6.1; signal by default). */
export const BINDING_TYPES = ['signal', 'scene', 'report', 'system', 'mvar'] as const;
export const bindingTypeSchema = z.enum(BINDING_TYPES);
export type BindingType = z.infer<typeof bindingTypeSchema>;

/** The binding fields common to every widget's `data` (widget-specific fields pass through). */
export const bindingShape = {
  type: bindingTypeSchema.default('signal'),
  /** Signal title. */
  title: str,
  /** Equipment title. */
  subTitle: str,
  signalId: str,
  equipId: str,
  systemKey: str,
  mvarId: str,
  signalArray: z.array(signalRefSchema).default([]),
  signalArrayX: z.array(signalRefSchema).default([]),
  signalArrayY: z.array(signalRefSchema).default([]),
  reportSignalArray: z.array(signalRefSchema).default([]),
  systemArray: z.array(signalRefSchema).default([]),
  mvarArray: z.array(signalRefSchema).default([]),
};
/** A data binding alone (used by click events and animations). */
export const bindingSchema = z.looseObject(bindingShape);
export type Binding = z.infer<typeof bindingSchema>;
/** A widget's `data`: the binding plus its type-specific fields (options, reportId, ...). */
export const widgetDataSchema = bindingSchema;
export type WidgetData = Binding;

/** Comparison symbols of animation conditions. */
export const COMPARE_SYMBOLS = ['==', '!=', '>', '>=', '<', '<='] as const;
export const compareSymbolSchema = z.enum(COMPARE_SYMBOLS);
export type CompareSymbol = z.infer<typeof compareSymbolSchema>;

/** One row of a colour animation: when `value symbol condition` holds, use `color`. */
export const colorRowSchema = z.object({
  symbol: compareSymbolSchema.default('=='),
  value: z.string().default('0'),
  color: z.string().default('#FF0000'),
});
export type ColorRow = z.infer<typeof colorRowSchema>;

const animationBase = {
  /** All animations are disabled by default (docs/requirements/pages-and-designer.md §9.1). */
  enable: z.boolean().default(false),
  /** The bound signal the condition reads. */
  data: bindingSchema.default(() => bindingSchema.parse({})),
  symbol: compareSymbolSchema.default('=='),
  value: z.string().default('0'),
};

/**
 * Animations (docs/requirements/pages-and-designer.md §9.1): show/hide, twinkle, rotate, fill/border/font
 * colour.
 */
export const animationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('visiable'), ...animationBase, show: z.boolean().default(true) }),
  z.object({ type: z.literal('twinkle'), ...animationBase, speed: z.number().default(1000) }),
  z.object({
    type: z.literal('rotate'),
    ...animationBase,
    direction: z.enum(['cw', 'ccw']).default('cw'),
    /** Milliseconds per turn (docs/requirements/pages-and-designer.md §9.1: rotate speed 1000 ms). */
    speed: z.number().default(1000),
  }),
  z.object({
    type: z.literal('fillColor'),
    ...animationBase,
    rows: z.array(colorRowSchema).default([]),
  }),
  z.object({
    type: z.literal('borderColor'),
    ...animationBase,
    rows: z.array(colorRowSchema).default([]),
  }),
  z.object({
    type: z.literal('fontColor'),
    ...animationBase,
    rows: z.array(colorRowSchema).default([]),
  }),
]);
export type Animation = z.infer<typeof animationSchema>;
export type AnimationType = Animation['type'];
export const ANIMATION_TYPES: readonly AnimationType[] = [
  'visiable',
  'twinkle',
  'rotate',
  'fillColor',
  'borderColor',
  'fontColor',
];

/** Click actions (docs/requirements/pages-and-designer.md §8.1). */
export const CLICK_ACTIONS = ['write', 'page', 'link', 'script', 'iframe'] as const;
export const clickActionSchema = z.enum(CLICK_ACTIONS);
export type ClickAction = z.infer<typeof clickActionSchema>;

/** An equipment page reference of a click event or navigation entry. */
export const pageRefSchema = z.looseObject({
  type: z.string().default('equip'),
  equipId: str,
  equipPageId: str,
  equipTitle: str,
});
export type PageRef = z.infer<typeof pageRefSchema>;

/** An iframe target of a click event (docs/requirements/pages-and-designer.md §8.2). */
export const iframeRefSchema = z.looseObject({
  id: str,
  type: z.string().default('equip'),
  pageId: str,
  mainId: str,
  mainPageId: str,
  mainTitle: str,
  link: str,
});
export type IframeRef = z.infer<typeof iframeRefSchema>;

/** Click event configuration with the defaults of docs/requirements/pages-and-designer.md §8.2. */
export const clickConfigSchema = z.looseObject({
  action: clickActionSchema.default('write'),
  /** The signal written by a write action. */
  data: bindingSchema.default(() => bindingSchema.parse({})),
  page: pageRefSchema.default(() => pageRefSchema.parse({})),
  pageId: str,
  /** The title of the page `pageId` names, as picked (a popup's title). */
  pageTitle: str,
  /** Same window, new window, or a popup (`window`) of `window`'s size and position. */
  target: z.enum(['_self', '_blank', 'window']).default('_self'),
  link: str,
  /** Popup window geometry; default 600×600 centred (docs/requirements/pages-and-designer.md §8.2). */
  window: z
    .object({
      width: z.number().default(600),
      height: z.number().default(600),
      left: z.number().default(0),
      top: z.number().default(0),
      centered: z.boolean().default(true),
    })
    .default({ width: 600, height: 600, left: 0, top: 0, centered: true }),
  /** How the value is made (`WRITE_TYPES` in clickWrite.ts; `choose` for combo boxes). */
  writeType: z.string().default('fixed'),
  /** What press-and-hold writes on press and on release (`PRESS_TYPES` in clickWrite.ts). */
  pressType: z.string().default('set1'),
  writeValue: str,
  /** The two values a toggle write alternates between, and a custom press-and-hold's pair. */
  onValue: z.string().default('1'),
  offValue: z.string().default('0'),
  /** What a step write adds to the current value (negative to subtract). */
  stepValue: z.number().default(1),
  /** Limits the written value is checked against before writing (docs/requirements/pages-and-designer.md §8.4). */
  limit: z
    .object({ enable: z.boolean().default(false), min: z.number().default(0), max: z.number().default(100) })
    .default({ enable: false, min: 0, max: 100 }),
  hint: z.boolean().default(false),
  hintValue: str,
  /** Writing requires confirmation (docs/requirements/pages-and-designer.md §8.3). */
  confirm: z.boolean().default(true),
  /** Whether a popup shows its title bar text (the page's title or the link). */
  titleShow: z.boolean().default(true),
  delay: z
    .object({ enable: z.boolean().default(false), time: z.number().default(1000) })
    .default({ enable: false, time: 1000 }),
  feedback: z.boolean().default(false),
  script: str,
  iframe: iframeRefSchema.default(() => iframeRefSchema.parse({})),
});
export type ClickConfig = z.infer<typeof clickConfigSchema>;

export const clickEventSchema = z.object({
  enable: z.boolean().default(false),
  config: clickConfigSchema.default(() => clickConfigSchema.parse({})),
});
export type ClickEvent = z.infer<typeof clickEventSchema>;

/**
 * Widget position (docs/requirements/pages-and-designer.md §5.1): x, y, width, height, rotate in degrees,
 * r/rx/ry radii.
 */
export const positionSchema = z.object({
  x: num.default(0),
  y: num.default(0),
  width: num.default(100),
  height: num.default(100),
  /** Degrees clockwise about the centre, normalised to [0, 360). */
  rotate: num.default(0),
  r: num.optional(),
  rx: num.optional(),
  ry: num.optional(),
});
export type Position = z.infer<typeof positionSchema>;

/**
 * Common style fields (docs/requirements/pages-and-designer.md §5.1); widget-specific style fields pass
 * through.
 */
export const styleSchema = z.looseObject({
  fill: z.string().optional(),
  opacity: z.number().optional(),
  radius: z.number().optional(),
  stroke: z.looseObject({}).optional(),
  font: z.looseObject({}).optional(),
  align: z.string().optional(),
  fit: z.string().optional(),
  color: z.string().optional(),
  line: z.looseObject({}).optional(),
  flip: z.looseObject({}).optional(),
});
export type WidgetStyle = z.infer<typeof styleSchema>;

/** A data item of list-like widgets (docs/requirements/pages-and-designer.md §5.1 items). */
export const widgetItemSchema = z.looseObject({
  itemType: str,
  dataId: str,
  dataName: str,
  dataType: str,
  dataAddon: z.unknown().optional(),
  dataArray: z.array(z.unknown()).default([]),
  reserve: z.unknown().optional(),
  seq: z.number().default(0),
});
export type WidgetItem = z.infer<typeof widgetItemSchema>;

/** One widget with the common fields of docs/requirements/pages-and-designer.md §5.1. */
export const widgetSchema = z.object({
  id: z.string().min(1),
  ref: str,
  /** Text id, assigned (= id) when absent. */
  textId: str,
  widgetType: widgetTypeSchema,
  widgetName: str,
  /** Locked: never moved, resized, rotated, aligned or grouped. */
  posLock: z.boolean().default(false),
  /** Hidden in the designer (still saved and shown in the viewer unless an animation hides it). */
  hidden: z.boolean().default(false),
  /** The group this widget belongs to, or null. */
  groupId: z.string().nullable().default(null),
  position: positionSchema,
  /** Titles allowed to see the widget; entries not in the page's title list are removed. */
  authRegion: z.array(z.string()).default([]),
  style: styleSchema.default({}),
  animation: z.array(animationSchema).default([]),
  data: widgetDataSchema.default(() => widgetDataSchema.parse({})),
  items: z.array(widgetItemSchema).default([]),
  clickEvent: clickEventSchema.default(() => clickEventSchema.parse({})),
});
export type Widget = z.infer<typeof widgetSchema>;
export type WidgetInput = z.input<typeof widgetSchema>;

/**
 * A widget group (docs/requirements/pages-and-designer.md §5.2); its position is the bounds of its children.
 */
export const widgetGroupSchema = z.object({
  id: z.string().min(1),
  widgetType: z.literal('WidgetGroup').default('WidgetGroup'),
  widgetName: str,
  posLock: z.boolean().default(false),
  /** Member widget ids, in paint order. */
  children: z.array(z.string()),
});
export type WidgetGroup = z.infer<typeof widgetGroupSchema>;

/** Page fit modes of the viewer. */
export const FIT_MODES = ['container', 'width', 'height', 'none', 'stretch'] as const;
export const fitModeSchema = z.enum(FIT_MODES);
export type FitMode = z.infer<typeof fitModeSchema>;

/** Page (designer) options with the defaults of docs/requirements/pages-and-designer.md §2.1. */
export const pageOptionsSchema = z.object({
  id: str,
  title: str,
  /** Converted to numbers (docs/requirements/pages-and-designer.md §2.1). */
  width: num.pipe(z.number().positive()).default(1024),
  height: num.pipe(z.number().positive()).default(768),
  fit: fitModeSchema.default('container'),
  bgColor: z.string().default('#FFFFFF'),
  bgImage: str,
  /** Password protection of the page in the viewer. */
  checkpwd: z.boolean().default(false),
  password: str,
  projectId: str,
  equipmentId: str,
  templateId: str,
});
export type PageOptions = z.infer<typeof pageOptionsSchema>;

/**
 * The page's bind section: everything its widgets reference (docs/requirements/pages-and-designer.md §2.2).
 */
export const bindSectionSchema = z.object({
  equips: z.array(z.string()).default([]),
  signals: z.array(z.string()).default([]),
  /** System keys. */
  keys: z.array(z.string()).default([]),
  /** Intermediate variable ids. */
  mvars: z.array(z.string()).default([]),
});
export type BindSection = z.infer<typeof bindSectionSchema>;

/** A saved page document, current version. */
export const pageDocumentSchema = z.object({
  version: z.literal(CURRENT_VERSION),
  options: pageOptionsSchema.default(() => pageOptionsSchema.parse({})),
  /**
   * Canvas-level configuration saved with the page (docs/requirements/pages-and-designer.md §2.2 "con");
   * free-form.
   */
  con: z.looseObject({}).default({}),
  /** Widgets in paint order (last on top). */
  widgets: z.array(widgetSchema).default([]),
  groups: z.array(widgetGroupSchema).default([]),
  bind: bindSectionSchema.default(() => bindSectionSchema.parse({})),
});
export type PageDocument = z.infer<typeof pageDocumentSchema>;
export type PageDocumentInput = z.input<typeof pageDocumentSchema>;

/**
 * Designer local settings (docs/requirements/pages-and-designer.md §10.1), saved by
 * /lfscada/user/config/save.
 */
export const designerSettingsSchema = z.object({
  autoSave: z.boolean().default(false),
  /** Minutes between autosaves. */
  saveInterval: z.number().int().positive().default(5),
  grid: z.boolean().default(true),
  ruler: z.boolean().default(true),
  /** Snap to other widgets (tolerance 5 when on, else 1). */
  adsorb: z.boolean().default(false),
  dataTextShow: z.enum(['signalName', 'signalValue', 'none']).default('signalName'),
});
export type DesignerSettings = z.infer<typeof designerSettingsSchema>;
export const DEFAULT_DESIGNER_SETTINGS: DesignerSettings = designerSettingsSchema.parse({});

/** A new empty page: 1024×768, white, no widgets. */
export function emptyPage(options: Partial<PageOptions> = {}): PageDocument {
  return pageDocumentSchema.parse({ version: CURRENT_VERSION, options });
}
