/**
 * The property panel of each widget type (docs/requirements/widgets.md §9): the fields of its style
 * tab, composed of shared parts, and which data tab it has. The panel is drawn from this table,
 * not from a switch over types; the mapped type makes a type without an entry a compile error.
 * Bodies are the other half (app/widgets/widgetBodies.tsx), kept apart so the viewer does not
 * load the designer's panels.
 */
import type { ComponentType } from 'react';
import type { WidgetType } from '@fieldhub/hmi';
import { ChartProps } from './complex/chartProps';
import { MediaProps } from './complex/mediaProps';
import { NavProps } from './complex/navProps';
import { ScriptFields } from './complex/scriptProps';
import { TableProps } from './complex/tableProps';
import {
  FillField,
  FlipFields,
  LineFields,
  OpacityField,
  RadiusField,
  StrokeFields,
  TextStyleFields,
  type FieldsProps,
} from './styleFields';
import {
  AnimationFields,
  DashboardFields,
  DataTextFields,
  FormatField,
  ImageField,
  OptionsFields,
  PercentFillFields,
  PlaceholderField,
  ScrollbarFields,
  SwitchFields,
  TextField,
} from './usualFields';

type Fields = ComponentType<FieldsProps>;

/** What the property panel shows for a widget type. */
export interface WidgetFieldsEntry {
  /** The style tab's fields after name and geometry. */
  Fields: Fields;
  /** `binding`: the single data binding (DataSection); `sources`: arrays, reports, equipment (ComplexData). */
  data: 'binding' | 'sources';
}

/** Fields made of parts, drawn in order. */
function fieldsOf(...parts: Fields[]): Fields {
  return function ComposedFields({ editor }: FieldsProps) {
    return (
      <>
        {parts.map((Part, i) => (
          <Part key={i} editor={editor} />
        ))}
      </>
    );
  };
}

const filledShape: WidgetFieldsEntry = {
  Fields: fieldsOf(FillField, StrokeFields, OpacityField, FlipFields),
  data: 'binding',
};
const line: WidgetFieldsEntry = { Fields: fieldsOf(LineFields, OpacityField, FlipFields), data: 'binding' };
const usual = (...parts: Fields[]): WidgetFieldsEntry => ({ Fields: fieldsOf(...parts), data: 'binding' });
/** Input controls: a filled, rounded box with text. */
const control = (...own: Fields[]) => usual(FillField, RadiusField, TextStyleFields, OpacityField, ...own);
const complex = (own: Fields): WidgetFieldsEntry => ({
  Fields: fieldsOf(OpacityField, own),
  data: 'sources',
});

/** The property panel of each widget type. */
export const WIDGET_FIELDS: { readonly [T in WidgetType]: WidgetFieldsEntry } = {
  ShapeArrow: filledShape,
  ShapeCircle: filledShape,
  ShapeEllipse: filledShape,
  ShapeOctagon: filledShape,
  ShapeParallelogram: filledShape,
  ShapePrism: filledShape,
  ShapeTriangle: filledShape,
  ShapeRect: usual(FillField, StrokeFields, RadiusField, OpacityField, FlipFields),
  ShapeLine: line,
  ShapeStraight: line,
  UsualText: usual(TextStyleFields, OpacityField, TextField),
  UsualDataText: usual(TextStyleFields, OpacityField, DataTextFields),
  UsualButton: control(TextField),
  UsualTimer: usual(TextStyleFields, OpacityField, FormatField),
  UsualInput: control(PlaceholderField),
  UsualComboBox: control(PlaceholderField, OptionsFields),
  UsualTimeSelector: control(FormatField),
  UsualRadio: usual(TextStyleFields, OpacityField, OptionsFields),
  UsualPercentFill: control(PercentFillFields),
  UsualDashboard: usual(TextStyleFields, OpacityField, DashboardFields),
  UsualImage: usual(RadiusField, OpacityField, ImageField),
  UsualAnimation: usual(OpacityField, AnimationFields),
  UsualScrollbar: usual(FillField, RadiusField, OpacityField, ScrollbarFields),
  UsualSelect: usual(FillField, RadiusField, OpacityField, SwitchFields),
  UsualWebgl: complex(MediaProps),
  ComplexLine: complex(ChartProps),
  ComplexArea: complex(ChartProps),
  ComplexBar: complex(ChartProps),
  ComplexPie: complex(ChartProps),
  ComplexRing: complex(ChartProps),
  ComplexRose: complex(ChartProps),
  ComplexXyline: complex(ChartProps),
  ComplexDiagram: complex(ChartProps),
  ComplexSection: complex(ChartProps),
  ComplexHistory: complex(TableProps),
  ComplexAlarm: complex(TableProps),
  ComplexMap: complex(MediaProps),
  ComplexWeather: complex(MediaProps),
  ComplexVideo: complex(MediaProps),
  NavigateNav: complex(NavProps),
  NavigateMenu: complex(NavProps),
  NavigateIframe: complex(MediaProps),
  NavigateImageText: complex(MediaProps),
  NavigateSlide: complex(MediaProps),
  ScriptReport: complex(ScriptFields),
  ScriptTrend: complex(ScriptFields),
  ScriptBar: complex(ScriptFields),
  ScriptPie: complex(ChartProps),
};
