/**
 * The widget types of docs/requirements/widgets.md §1 and the palette catalogue (category, label in both
 * languages, default size). The catalogue is data so the designer palette and the viewer read one list.
 */
import { z } from 'zod';

/** Shapes family (docs/requirements/widgets.md §1, §2). */
export const SHAPE_TYPES = [
  'ShapeArrow',
  'ShapeCircle',
  'ShapeEllipse',
  'ShapeLine',
  'ShapeOctagon',
  'ShapeParallelogram',
  'ShapePrism',
  'ShapeRect',
  'ShapeTriangle',
  'ShapeStraight',
] as const;

/** Usual family (docs/requirements/widgets.md §1, §3). */
export const USUAL_TYPES = [
  'UsualDashboard',
  'UsualButton',
  'UsualDataText',
  'UsualImage',
  'UsualPercentFill',
  'UsualScrollbar',
  'UsualText',
  'UsualTimer',
  'UsualAnimation',
  'UsualSelect',
  'UsualWebgl',
  'UsualInput',
  'UsualRadio',
  'UsualTimeSelector',
  'UsualComboBox',
] as const;

/** Complex family (charts, video, map, reports; docs/requirements/widgets.md §1, §4). */
export const COMPLEX_TYPES = [
  'ComplexLine',
  'ComplexBar',
  'ComplexPie',
  'ComplexRing',
  'ComplexRose',
  'ComplexVideo',
  'ComplexMap',
  'ComplexArea',
  'ComplexHistory',
  'ComplexAlarm',
  'ComplexXyline',
  'ComplexWeather',
  'ComplexSection',
  'ComplexDiagram',
] as const;

/** Navigate family (docs/requirements/widgets.md §1, §5). */
export const NAVIGATE_TYPES = [
  'NavigateNav',
  'NavigateMenu',
  'NavigateIframe',
  'NavigateImageText',
  'NavigateSlide',
] as const;

/** Script family (docs/requirements/widgets.md §1, §6). */
export const SCRIPT_TYPES = ['ScriptReport', 'ScriptTrend', 'ScriptBar', 'ScriptPie'] as const;

/**
 * Every type a widget of a page may have. WidgetGroup is not here: groups live in the page's
 * `groups` list; WidgetSelected is a designer-only overlay and never saved.
 */
export const WIDGET_TYPES = [
  ...SHAPE_TYPES,
  ...USUAL_TYPES,
  ...COMPLEX_TYPES,
  ...NAVIGATE_TYPES,
  ...SCRIPT_TYPES,
] as const;

export const widgetTypeSchema = z.enum(WIDGET_TYPES);
/** One widget type name, e.g. 'ShapeRect'. */
export type WidgetType = z.infer<typeof widgetTypeSchema>;

/** The widget type of a group entry (docs/requirements/pages-and-designer.md §5.2). */
export const GROUP_TYPE = 'WidgetGroup';

/** Palette category of a widget type. */
export type WidgetCategory = 'shape' | 'usual' | 'complex' | 'navigate' | 'script';

/**
 * The types whose defaults this package provides (issue 7 part 1). The others validate as
 * documents (their `data` and `style` are loose) but `defaultWidget` does not create them yet.
 */
export const CREATABLE_TYPES = [
  ...SHAPE_TYPES,
  'UsualText',
  'UsualDataText',
  'UsualButton',
  'UsualImage',
  'UsualPercentFill',
  'UsualDashboard',
  'UsualTimer',
  'UsualAnimation',
  'UsualScrollbar',
  'UsualInput',
  'UsualSelect',
  'UsualRadio',
  'UsualComboBox',
  'UsualTimeSelector',
  // issue 8 part E: charts, reports, map, video, weather, navigation, script widgets, 3D scene
  ...COMPLEX_TYPES,
  ...NAVIGATE_TYPES,
  ...SCRIPT_TYPES,
  'UsualWebgl',
] as const satisfies readonly WidgetType[];
export type CreatableType = (typeof CREATABLE_TYPES)[number];

const creatable: ReadonlySet<string> = new Set(CREATABLE_TYPES);
export function isCreatableType(type: string): type is CreatableType {
  return creatable.has(type);
}

/** One palette entry. */
export interface WidgetCatalogueEntry {
  type: WidgetType;
  category: WidgetCategory;
  /** i18n key the web app may use (`hmi.widget.<type>`); `label` holds the same text inline. */
  labelKey: string;
  label: { zh: string; en: string };
  /** Size of a widget dropped from the palette. */
  defaultSize: { width: number; height: number };
  /** Whether `defaultWidget` can create it in this version of the package. */
  creatable: boolean;
}

type Row = [WidgetType, string, string, number, number];

// [type, zh, en, default width, default height]; sizes follow common SCADA editors (seed silent).
const rows: readonly Row[] = [
  ['ShapeArrow', '箭头', 'Arrow', 120, 60],
  ['ShapeCircle', '圆形', 'Circle', 100, 100],
  ['ShapeEllipse', '椭圆', 'Ellipse', 140, 90],
  ['ShapeLine', '折线', 'Polyline', 160, 80],
  ['ShapeOctagon', '八边形', 'Octagon', 100, 100],
  ['ShapeParallelogram', '平行四边形', 'Parallelogram', 140, 80],
  ['ShapePrism', '菱形', 'Rhombus', 120, 100],
  ['ShapeRect', '矩形', 'Rectangle', 140, 90],
  ['ShapeTriangle', '三角形', 'Triangle', 120, 100],
  ['ShapeStraight', '直线', 'Straight line', 160, 4],
  ['UsualDashboard', '仪表盘', 'Dashboard', 240, 240],
  ['UsualButton', '按钮', 'Button', 100, 40],
  ['UsualDataText', '数据文本', 'Data text', 160, 40],
  ['UsualImage', '图片', 'Image', 160, 120],
  ['UsualPercentFill', '百分比填充', 'Percent fill', 100, 160],
  ['UsualScrollbar', '滚动条', 'Scroll bar', 240, 40],
  ['UsualText', '文本', 'Text', 120, 40],
  ['UsualTimer', '时间', 'Clock', 200, 40],
  ['UsualAnimation', '动画', 'Animation', 120, 120],
  ['UsualSelect', '开关', 'Switch', 80, 40],
  ['UsualWebgl', '3D场景', '3D scene', 480, 320],
  ['UsualInput', '输入框', 'Input box', 160, 36],
  ['UsualRadio', '单选框', 'Radio group', 200, 36],
  ['UsualTimeSelector', '时间选择器', 'Time selector', 200, 36],
  ['UsualComboBox', '下拉框', 'Drop-down list', 160, 36],
  ['ComplexLine', '曲线图', 'Line chart', 480, 300],
  ['ComplexBar', '柱状图', 'Bar chart', 480, 300],
  ['ComplexPie', '饼图', 'Pie chart', 360, 300],
  ['ComplexRing', '环形图', 'Ring chart', 360, 300],
  ['ComplexRose', '玫瑰图', 'Rose chart', 360, 300],
  ['ComplexVideo', '视频', 'Video', 480, 300],
  ['ComplexMap', '地图', 'Map', 480, 360],
  ['ComplexArea', '面积图', 'Area chart', 480, 300],
  ['ComplexHistory', '历史报表', 'History report', 640, 360],
  ['ComplexAlarm', '报警记录', 'Alarm records', 640, 360],
  ['ComplexXyline', 'XY曲线', 'XY curve', 480, 300],
  ['ComplexWeather', '天气', 'Weather', 320, 160],
  ['ComplexSection', '状态时序图', 'Status timeline', 640, 200],
  ['ComplexDiagram', '示功图', 'Indicator diagram', 480, 300],
  ['NavigateNav', '导航栏', 'Navigation bar', 640, 60],
  ['NavigateMenu', '菜单', 'Menu', 200, 360],
  ['NavigateIframe', '内嵌页面', 'Embedded page', 480, 320],
  ['NavigateImageText', '图文', 'Rich text', 320, 200],
  ['NavigateSlide', '轮播图', 'Carousel', 480, 270],
  ['ScriptReport', '脚本报表', 'Script report', 640, 360],
  ['ScriptTrend', '脚本趋势', 'Script trend', 480, 300],
  ['ScriptBar', '脚本柱状图', 'Script bar chart', 480, 300],
  ['ScriptPie', '脚本饼图', 'Script pie chart', 360, 300],
];

function categoryOf(type: WidgetType): WidgetCategory {
  if (type.startsWith('Shape')) return 'shape';
  if (type.startsWith('Usual')) return 'usual';
  if (type.startsWith('Complex')) return 'complex';
  if (type.startsWith('Navigate')) return 'navigate';
  return 'script';
}

/** The palette: every widget type with its category, labels and default size, in spec order. */
export const WIDGET_CATALOGUE: readonly WidgetCatalogueEntry[] = rows.map(
  ([type, zh, en, width, height]) => ({
    type,
    category: categoryOf(type),
    labelKey: `hmi.widget.${type}`,
    label: { zh, en },
    defaultSize: { width, height },
    creatable: creatable.has(type),
  }),
);

const byType = new Map(WIDGET_CATALOGUE.map((e) => [e.type, e]));

/** The catalogue entry of a type. */
export function catalogueEntry(type: WidgetType): WidgetCatalogueEntry {
  const entry = byType.get(type);
  if (!entry) throw new Error(`widget type without catalogue entry: ${type}`);
  return entry;
}

/** Category labels for the palette's section headers. */
export const CATEGORY_LABELS: Readonly<Record<WidgetCategory, { zh: string; en: string }>> = {
  shape: { zh: '基础图形', en: 'Shapes' },
  usual: { zh: '常用组件', en: 'Common widgets' },
  complex: { zh: '复杂组件', en: 'Charts and reports' },
  navigate: { zh: '导航组件', en: 'Navigation' },
  script: { zh: '脚本组件', en: 'Script widgets' },
};
