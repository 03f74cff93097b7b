/**
 * The shapes (docs/requirements/widgets.md §2): filled outlines, the polyline and the straight
 * line. Defaults where the specification is silent follow common SCADA editors (seed silent).
 */
import { z } from 'zod';
import type { WidgetType } from '../widgetTypes';
import { type WidgetDescriptor, describeWidget } from '../widgetProps';
import { flag, nested, number, oneOf, text } from './propKinds';

const dash = oneOf(['solid', 'dashed', 'dotted']);
const shapeStyle = {
  fill: text,
  opacity: number,
  stroke: nested({ color: text, width: number, dash }),
  flip: nested({ x: flag, y: flag }),
};
const shapeDefaults = () => ({
  data: {},
  style: {
    fill: '#1890FF',
    opacity: 1,
    stroke: { color: '#000000', width: 1, dash: 'solid' },
    flip: { x: false, y: false },
  },
});

const filled = <T extends WidgetType>(type: T) => describeWidget(type, { style: shapeStyle }, shapeDefaults);

const lineShape = {
  // Points relative to the box, x0, y0, x1, y1, ... (seed silent on the format).
  data: { points: z.array(z.union([z.number(), z.string()])).optional() },
  style: {
    opacity: number,
    line: nested({ color: text, width: number, dash, arrowStart: flag, arrowEnd: flag }),
    flip: nested({ x: flag, y: flag }),
  },
};
const lineDefaults = (points: number[]) => () => ({
  data: { points },
  style: {
    opacity: 1,
    line: { color: '#1890FF', width: 2, dash: 'solid', arrowStart: false, arrowEnd: false },
  },
});

export const SHAPE_DESCRIPTORS = {
  ShapeArrow: filled('ShapeArrow'),
  ShapeCircle: filled('ShapeCircle'),
  ShapeEllipse: filled('ShapeEllipse'),
  ShapeOctagon: filled('ShapeOctagon'),
  ShapeParallelogram: filled('ShapeParallelogram'),
  ShapePrism: filled('ShapePrism'),
  ShapeTriangle: filled('ShapeTriangle'),
  ShapeRect: describeWidget('ShapeRect', { style: { ...shapeStyle, radius: number } }, () => {
    const d = shapeDefaults();
    return { data: d.data, style: { ...d.style, radius: 0 } };
  }),
  ShapeLine: describeWidget('ShapeLine', lineShape, lineDefaults([0, 1, 0.5, 0, 1, 1])),
  ShapeStraight: describeWidget('ShapeStraight', lineShape, lineDefaults([0, 0.5, 1, 0.5])),
} as const satisfies { [T in WidgetType]?: WidgetDescriptor<T> };
