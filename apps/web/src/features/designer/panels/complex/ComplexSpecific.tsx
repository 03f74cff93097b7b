/**
 * The style tab's own settings of the complex, navigate, script and 3D widgets, one file per
 * family; each edit is one setProperty command.
 */
import type { ComponentType } from 'react';
import type { WidgetType } from '@fieldhub/hmi';
import type { WidgetEditor } from '../PropertyPanel';
import { ChartProps } from './chartProps';
import { MediaProps } from './mediaProps';
import { NavProps } from './navProps';
import { ScriptFields } from './scriptProps';
import { TableProps } from './tableProps';

/** The settings of each widget type that has its own. */
const SETTINGS_OF: Partial<Record<WidgetType, ComponentType<{ editor: WidgetEditor }>>> = {
  ComplexLine: ChartProps,
  ComplexArea: ChartProps,
  ComplexBar: ChartProps,
  ComplexPie: ChartProps,
  ComplexRing: ChartProps,
  ComplexRose: ChartProps,
  ScriptPie: ChartProps,
  ComplexXyline: ChartProps,
  ComplexDiagram: ChartProps,
  ComplexSection: ChartProps,
  ComplexHistory: TableProps,
  ComplexAlarm: TableProps,
  ComplexMap: MediaProps,
  ComplexWeather: MediaProps,
  ComplexVideo: MediaProps,
  NavigateNav: NavProps,
  NavigateMenu: NavProps,
  NavigateIframe: MediaProps,
  NavigateImageText: MediaProps,
  NavigateSlide: MediaProps,
  ScriptReport: ScriptFields,
  ScriptTrend: ScriptFields,
  ScriptBar: ScriptFields,
  UsualWebgl: MediaProps,
};

/** The type-specific settings of the style tab (none for a type without its own). */
export function ComplexSpecific({ editor }: { editor: WidgetEditor }) {
  const Settings = SETTINGS_OF[editor.widget.widgetType];
  return Settings ? <Settings editor={editor} /> : null;
}
