/**
 * The body of each widget type, the one table the designer canvas and the viewer draw from
 * (docs/requirements/widgets.md §9). The mapped type makes a type without a body a compile error.
 * The property fields of each type are the designer's own table (features/designer/panels/
 * widgetFields.tsx): the viewer shares this module and must not load the designer's panels.
 */
import type { ComponentType } from 'react';
import type { DesignerSettings, Widget, WidgetType } from '@fieldhub/hmi';
import {
  AnimationBody,
  ButtonBody,
  ComboBody,
  DataTextBody,
  ImageBody,
  InputBody,
  RadioBody,
  ScrollbarBody,
  SwitchBody,
  TextBody,
  TimeSelectorBody,
  TimerBody,
} from './ControlBody';
import { Dashboard, PercentFill } from './GaugeBody';
import { ShapeBody } from './ShapeBody';
import {
  LazyChart,
  LazyMap,
  LazyNavigate,
  LazyScript,
  LazySection,
  LazyTable,
  LazyVideo,
  LazyWeather,
  LazyWebgl,
} from './complex/ExtraBody';

/** What a body is given: its widget and how the designer shows data texts. */
export interface WidgetBodyProps {
  widget: Widget;
  dataTextShow: DesignerSettings['dataTextShow'];
}
export type WidgetBody = ComponentType<WidgetBodyProps>;

/** The body of each widget type. */
export const WIDGET_BODIES: { readonly [T in WidgetType]: WidgetBody } = {
  ShapeArrow: ShapeBody,
  ShapeCircle: ShapeBody,
  ShapeEllipse: ShapeBody,
  ShapeLine: ShapeBody,
  ShapeOctagon: ShapeBody,
  ShapeParallelogram: ShapeBody,
  ShapePrism: ShapeBody,
  ShapeRect: ShapeBody,
  ShapeTriangle: ShapeBody,
  ShapeStraight: ShapeBody,
  UsualDashboard: Dashboard,
  UsualButton: ButtonBody,
  UsualDataText: DataTextBody,
  UsualImage: ImageBody,
  UsualPercentFill: PercentFill,
  UsualScrollbar: ScrollbarBody,
  UsualText: TextBody,
  UsualTimer: TimerBody,
  UsualAnimation: AnimationBody,
  UsualSelect: SwitchBody,
  UsualWebgl: LazyWebgl,
  UsualInput: InputBody,
  UsualRadio: RadioBody,
  UsualTimeSelector: TimeSelectorBody,
  UsualComboBox: ComboBody,
  ComplexLine: LazyChart,
  ComplexBar: LazyChart,
  ComplexPie: LazyChart,
  ComplexRing: LazyChart,
  ComplexRose: LazyChart,
  ComplexVideo: LazyVideo,
  ComplexMap: LazyMap,
  ComplexArea: LazyChart,
  ComplexHistory: LazyTable,
  ComplexAlarm: LazyTable,
  ComplexXyline: LazyChart,
  ComplexWeather: LazyWeather,
  ComplexSection: LazySection,
  ComplexDiagram: LazyChart,
  NavigateNav: LazyNavigate,
  NavigateMenu: LazyNavigate,
  NavigateIframe: LazyNavigate,
  NavigateImageText: LazyNavigate,
  NavigateSlide: LazyNavigate,
  ScriptReport: LazyScript,
  ScriptTrend: LazyScript,
  ScriptBar: LazyScript,
  ScriptPie: LazyScript,
};

/** The body of a type, or undefined for a type this version does not know (saved by a newer one). */
export function bodyOf(type: string): WidgetBody | undefined {
  return Object.hasOwn(WIDGET_BODIES, type) ? WIDGET_BODIES[type as WidgetType] : undefined;
}
