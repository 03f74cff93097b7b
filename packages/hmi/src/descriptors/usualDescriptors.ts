/**
 * The usual widgets (docs/requirements/widgets.md §3): text, data text, button, image, gauges,
 * clock, frame animation, the input controls and the 3D scene. Values of the specification are
 * used as given; where it is silent the choice is marked "seed silent".
 */
import { z } from 'zod';
import type { WidgetType } from '../widgetTypes';
import { type WidgetDescriptor, describeWidget } from '../widgetProps';
import { DEFAULT_FONT, flag, font, list, nested, number, numeric, oneOf, text } from './propKinds';

const textFont = DEFAULT_FONT;
const align = oneOf(['left', 'center', 'right']);
const textStyle = { color: text, font, align, opacity: number };
const textStyleDefaults = { color: '#000000', font: textFont, align: 'center', opacity: 1 };
/** Style of the input controls: text, a filled box with rounded corners. */
const boxStyle = { ...textStyle, fill: text, radius: number };
const boxStyleDefaults = { color: '#000000', fill: '#FFFFFF', radius: 4, font: textFont, opacity: 1 };
/** Write controls ask before writing and may wait for the value to come back (§3.3). */
const writeData = { confirm: flag, feedback: flag };
const option = z.looseObject({ text: z.unknown().optional(), value: z.unknown().optional() });
const range = { minVal: numeric, maxVal: numeric };

export const USUAL_DESCRIPTORS = {
  UsualText: describeWidget(
    'UsualText',
    { data: { text }, style: textStyle },
    { data: { text: '' }, style: textStyleDefaults },
  ),
  // decimals/unit: seed silent; the value text follows designer setting dataTextShow.
  UsualDataText: describeWidget(
    'UsualDataText',
    { data: { decimals: numeric, unit: text, prefix: text, suffix: text }, style: textStyle },
    { data: { decimals: -1, unit: '', prefix: '', suffix: '' }, style: textStyleDefaults },
  ),
  UsualButton: describeWidget(
    'UsualButton',
    { data: { text }, style: { ...textStyle, fill: text, radius: number } },
    {
      data: { text: '' },
      style: { fill: '#1890FF', color: '#FFFFFF', radius: 4, font: textFont, align: 'center', opacity: 1 },
    },
  ),
  UsualImage: describeWidget(
    'UsualImage',
    { data: { imgUrl: text }, style: { fit: text, opacity: number, radius: number } },
    { data: { imgUrl: '' }, style: { fit: 'contain', opacity: 1, radius: 0 } },
  ),
  // Modes of docs/requirements/widgets.md §3.1: rectangle, capacity, doughnut.
  UsualPercentFill: describeWidget(
    'UsualPercentFill',
    {
      data: { mode: oneOf(['rectangle', 'capacity', 'doughnut']), ...range, direction: text },
      style: { fill: text, color: text, radius: number, opacity: number, font },
    },
    {
      data: { mode: 'rectangle', minVal: 0, maxVal: 100, direction: 'up' },
      style: { fill: '#E8E8E8', color: '#52C41A', radius: 0, opacity: 1, font: textFont },
    },
  ),
  UsualDashboard: describeWidget(
    'UsualDashboard',
    { data: { ...range, unit: text, splitNumber: numeric }, style: { color: text, font, opacity: number } },
    {
      data: { minVal: 0, maxVal: 100, unit: '', splitNumber: 10 },
      style: { color: '#1890FF', font: textFont, opacity: 1 },
    },
  ),
  UsualTimer: describeWidget(
    'UsualTimer',
    { data: { format: text }, style: textStyle },
    { data: { format: 'YYYY-MM-DD HH:mm:ss' }, style: textStyleDefaults },
  ),
  // Frames are image addresses in play order, saved as { imgUrl } or plain text (§3.4).
  UsualAnimation: describeWidget(
    'UsualAnimation',
    {
      data: { frames: list, interval: numeric, driveMode: oneOf(['play', 'frame']) },
      style: { fit: text, opacity: number },
    },
    { data: { frames: [], interval: 1000 }, style: { fit: 'contain', opacity: 1 } },
  ),
  UsualScrollbar: describeWidget(
    'UsualScrollbar',
    {
      data: { ...range, step: numeric, ...writeData },
      style: { fill: text, color: text, radius: number, opacity: number },
    },
    {
      data: { minVal: 0, maxVal: 100, step: 1, confirm: true, feedback: false },
      style: { fill: '#E8E8E8', color: '#1890FF', radius: 4, opacity: 1 },
    },
  ),
  UsualInput: describeWidget(
    'UsualInput',
    { data: { placeholder: text, ...writeData }, style: boxStyle },
    { data: { placeholder: '', confirm: true, feedback: false }, style: boxStyleDefaults },
  ),
  // A switch: values written for on and off (seed silent: 1 and 0).
  UsualSelect: describeWidget(
    'UsualSelect',
    {
      data: { onValue: z.unknown().optional(), offValue: z.unknown().optional(), ...writeData },
      style: { fill: text, color: text, opacity: number },
    },
    {
      data: { onValue: '1', offValue: '0', confirm: true, feedback: false },
      style: { fill: '#52C41A', color: '#BFBFBF', opacity: 1 },
    },
  ),
  UsualRadio: describeWidget(
    'UsualRadio',
    { data: { options: z.array(option).optional(), ...writeData }, style: textStyle },
    {
      data: { options: [], confirm: true, feedback: false },
      style: { color: '#000000', font: textFont, opacity: 1 },
    },
  ),
  // §3.3 ComboBox: options, confirm, feedback, placeholder 请选择; style radius, triangle colours,
  // dropdown (width, hover colour), rightDistance.
  UsualComboBox: describeWidget(
    'UsualComboBox',
    {
      data: { options: z.array(option).optional(), placeholder: text, ...writeData },
      style: {
        ...boxStyle,
        triangle: nested({ color: text, activeColor: text }),
        dropdown: nested({ width: numeric, hoverColor: text }),
        rightDistance: numeric,
      },
    },
    {
      data: { options: [], confirm: true, feedback: false, placeholder: '请选择' },
      style: {
        ...boxStyleDefaults,
        triangle: { color: '#BFBFBF', activeColor: '#1890FF' },
        dropdown: { width: 0, hoverColor: '#E6F7FF' },
        rightDistance: 10,
      },
    },
  ),
  UsualTimeSelector: describeWidget(
    'UsualTimeSelector',
    { data: { format: text, ...writeData }, style: boxStyle },
    { data: { format: 'YYYY-MM-DD HH:mm:ss', confirm: true, feedback: false }, style: boxStyleDefaults },
  ),
  // A scene: an optional glTF model URL; with none, a turning reference cube (seed silent).
  UsualWebgl: describeWidget(
    'UsualWebgl',
    { data: { modelUrl: text, autoRotate: flag }, style: { fill: text, color: text, opacity: number } },
    { data: { modelUrl: '', autoRotate: true }, style: { fill: '#0B1A2E', color: '#1890FF', opacity: 1 } },
  ),
} as const satisfies { [T in WidgetType]?: WidgetDescriptor<T> };
