/**
 * The bodies of the complex, navigate, script and 3D widgets (widgetBodies.tsx maps the types to
 * them). Each family is its own lazily loaded chunk (ECharts, Leaflet, three.js, hls.js and
 * mpegts.js stay out of the designer's first bundle and load with the first widget that needs
 * them). In the designer the
 * bodies do not take the pointer: the canvas selects and drags them like any widget.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetRuntime } from '../runtime';
import { useWidgetText } from '../widgetText';
import './complex.css';

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

/** A lazily loaded body, drawn inside the pointer-transparent frame with a loading note. */
function lazyBody(load: () => Promise<{ default: ComponentType<{ widget: Widget }> }>) {
  const Lazy = lazy(load);
  function LazyBody({ widget }: { widget: Widget }) {
    const runtime = useWidgetRuntime();
    return (
      <div
        style={{
          position: 'absolute',
          inset: 0,
          pointerEvents: runtime.mode === 'design' ? 'none' : undefined,
        }}
      >
        <Suspense fallback={<Loading />}>
          <Lazy widget={widget} />
        </Suspense>
      </div>
    );
  }
  return LazyBody;
}

export const LazyChart = lazyBody(() => import('./ComplexChartBody'));
export const LazyTable = lazyBody(() => import('./ComplexTableBody'));
export const LazySection = lazyBody(() => import('./SectionBody'));
export const LazyMap = lazyBody(() => import('./MapBody'));
export const LazyWeather = lazyBody(() => import('./WeatherBody'));
export const LazyVideo = lazyBody(() => import('./VideoBody'));
export const LazyNavigate = lazyBody(() => import('./NavigateBody'));
export const LazyScript = lazyBody(() => import('./ScriptBody'));
export const LazyWebgl = lazyBody(() => import('./WebglBody'));
