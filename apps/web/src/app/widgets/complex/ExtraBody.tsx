/**
 * Dispatch of the complex, navigate, script and 3D widgets to their bodies. Each family is its
 * own lazily loaded chunk (ECharts, Leaflet, three.js, hls.js and mpegts.js stay out of the
 * designer's first bundle and load with the first widget that needs them). In the designer the
 * bodies do not take the pointer: the canvas selects and drags them like any widget.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetRuntime } from '../runtime';
import { useWidgetText } from '../widgetText';
import './complex.css';

type Body = LazyExoticComponent<ComponentType<{ widget: Widget }>>;

const Chart = lazy(() => import('./ComplexChartBody'));
const Table = lazy(() => import('./ComplexTableBody'));
const Section = lazy(() => import('./SectionBody'));
const Map = lazy(() => import('./MapBody'));
const Weather = lazy(() => import('./WeatherBody'));
const Video = lazy(() => import('./VideoBody'));
const Navigate = lazy(() => import('./NavigateBody'));
const Script = lazy(() => import('./ScriptBody'));
const Webgl = lazy(() => import('./WebglBody'));

const BODIES: Readonly<Record<string, Body>> = {
  ComplexLine: Chart,
  ComplexBar: Chart,
  ComplexPie: Chart,
  ComplexRing: Chart,
  ComplexRose: Chart,
  ComplexArea: Chart,
  ComplexXyline: Chart,
  ComplexDiagram: Chart,
  ComplexHistory: Table,
  ComplexAlarm: Table,
  ComplexSection: Section,
  ComplexMap: Map,
  ComplexWeather: Weather,
  ComplexVideo: Video,
  NavigateNav: Navigate,
  NavigateMenu: Navigate,
  NavigateIframe: Navigate,
  NavigateImageText: Navigate,
  NavigateSlide: Navigate,
  ScriptReport: Script,
  ScriptTrend: Script,
  ScriptBar: Script,
  ScriptPie: Script,
  UsualWebgl: Webgl,
};

/** Whether ExtraBody draws this type. */
export function isExtraType(type: string): boolean {
  return type in BODIES;
}

function Loading() {
  const t = useWidgetText();
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#F8FAFC',
        border: '1px solid #E2E8F0',
        color: '#94a3b8',
        fontSize: 12,
      }}
    >
      {t('complex.loading')}
    </div>
  );
}

export function ExtraBody({ widget }: { widget: Widget }) {
  const runtime = useWidgetRuntime();
  const Body = BODIES[widget.widgetType];
  if (!Body) return null;
  return (
    <div
      style={{
        position: 'absolute',
        inset: 0,
        pointerEvents: runtime.mode === 'design' ? 'none' : undefined,
      }}
    >
      <Suspense fallback={<Loading />}>
        <Body widget={widget} />
      </Suspense>
    </div>
  );
}
