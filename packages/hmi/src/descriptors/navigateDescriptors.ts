/**
 * The navigation widgets and the script widgets (docs/requirements/widgets.md §5, §6).
 * Navigation and menu entries live in `data.navItems`, carousel pictures in `data.picArray`.
 */
import { SCRIPT_STUB } from '../complexDefaults';
import type { WidgetType } from '../widgetTypes';
import { type WidgetDescriptor, bindingTypeMovedTo, describeWidget } from '../widgetProps';
import { axisStyle, axisStyleShape, pieStyle, pieStyleShape } from './chartStyle';
import { DEFAULT_FONT, flag, font, list, nested, number, numeric, text, textOrNumber } from './propKinds';

const navStyle = { fill: text, color: text, activeColor: text, font, opacity: number };
const navBar = <T extends 'NavigateNav' | 'NavigateMenu'>(type: T, fill: string, color: string) =>
  describeWidget(
    type,
    { data: { navItems: list }, style: navStyle },
    {
      data: { navItems: [] },
      style: { fill, color, activeColor: '#1890FF', font: DEFAULT_FONT, opacity: 1 },
    },
  );

type ScriptType = keyof typeof SCRIPT_STUB;
const scriptShape = {
  script: text,
  offset: numeric,
  timeUnit: text,
  length: numeric,
  mode: text,
  min: numeric,
  max: numeric,
};
/** A script widget's data: its stub, the time window, and a length or a value range where due. */
const scriptData = (type: ScriptType, length: boolean, range: boolean) => ({
  script: SCRIPT_STUB[type],
  offset: -1,
  timeUnit: 'date',
  ...(length ? { length: 1 } : {}),
  ...(range ? { mode: 'adapt', min: 0, max: 100 } : {}),
});
const tableStyle = { headerHeight: numeric, rowHeight: numeric, border: flag, font, opacity: number };

export const NAVIGATE_SCRIPT_DESCRIPTORS = {
  NavigateNav: navBar('NavigateNav', '#001529', '#FFFFFF'),
  NavigateMenu: navBar('NavigateMenu', '#FFFFFF', '#000000'),
  // The seed's iframe "type" is stored as iframeType (data.type is the binding type).
  NavigateIframe: describeWidget(
    'NavigateIframe',
    {
      data: {
        enable: flag,
        iframeType: text,
        pageTitle: text,
        mainTitle: text,
        pageId: textOrNumber,
        mainPageId: textOrNumber,
        mainId: textOrNumber,
        link: text,
        configId: textOrNumber,
      },
      style: { scrollType: text, isScrolling: flag, scrollSpeed: numeric, opacity: number },
    },
    {
      data: {
        enable: true,
        iframeType: 'equip',
        pageTitle: '',
        mainTitle: '',
        pageId: '',
        mainPageId: '',
        mainId: '',
        link: '',
        configId: '',
      },
      style: { scrollType: 'auto', isScrolling: false, scrollSpeed: 25, opacity: 1 },
    },
    [bindingTypeMovedTo('iframeType')],
  ),
  NavigateImageText: describeWidget(
    'NavigateImageText',
    { data: { richText: text }, style: { fill: text, opacity: number } },
    { data: { richText: '' }, style: { fill: '#FFFFFF', opacity: 1 } },
  ),
  NavigateSlide: describeWidget(
    'NavigateSlide',
    {
      data: { enable: flag, picArray: list },
      style: {
        fit: text,
        indicator: nested({ color: text, activeColor: text }),
        slideType: text,
        slideAuto: flag,
        time: numeric,
        opacity: number,
      },
    },
    {
      data: { enable: true, picArray: [] },
      style: {
        fit: 'cover',
        indicator: { color: '#FFFFFF80', activeColor: '#FFFFFF' },
        slideType: 'x',
        slideAuto: true,
        time: 5,
        opacity: 1,
      },
    },
  ),
  ScriptReport: describeWidget(
    'ScriptReport',
    { data: scriptShape, style: tableStyle },
    {
      data: scriptData('ScriptReport', true, false),
      style: { headerHeight: 46, rowHeight: 40, border: true, font: DEFAULT_FONT, opacity: 1 },
    },
  ),
  ScriptTrend: describeWidget(
    'ScriptTrend',
    { data: scriptShape, style: axisStyleShape },
    { data: scriptData('ScriptTrend', false, true), style: axisStyle },
  ),
  ScriptBar: describeWidget(
    'ScriptBar',
    { data: scriptShape, style: { ...axisStyleShape, barWidth: numeric } },
    { data: scriptData('ScriptBar', true, true), style: { ...axisStyle, barWidth: 40 } },
  ),
  ScriptPie: describeWidget(
    'ScriptPie',
    { data: scriptShape, style: pieStyleShape },
    { data: scriptData('ScriptPie', false, false), style: pieStyle({}) },
  ),
} as const satisfies { [T in WidgetType]?: WidgetDescriptor<T> };
