/**
 * The weather widget (ComplexWeather, docs/requirements/widgets.md §4.6): a card in its theme colour (white,
 * blue, orange, yellow) with the current temperature, the condition (icon and text), humidity and
 * wind of its place, read in the viewer from the server's weather call (the server asks the
 * provider and keeps each place 10 minutes). The designer shows the place without asking.
 */
import { useQuery } from '@tanstack/react-query';
import type { Widget } from '@fieldhub/hmi';
import { weatherCalls, weatherCondition, type WeatherCondition } from '@fieldhub/shared';
import { callApi } from '../../request';
import { currentLang } from '../../i18n';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { num, obj, str } from '../styleOf';
import { compassOf, weatherQueryOf } from './weatherPlace';

type Loose = Record<string, unknown>;

/** A small glyph per condition group. */
function ConditionIcon({ condition, colour }: { condition: WeatherCondition | 'none'; colour: string }) {
  const cloud = <path d="M7 18h10a4 4 0 0 0 0-8 5.5 5.5 0 0 0-10.6 1.5A3.3 3.3 0 0 0 7 18z" />;
  let body;
  switch (condition) {
    case 'clear':
      body = (
        <>
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
        </>
      );
      break;
    case 'cloudy':
      body = (
        <>
          <circle cx="8" cy="8" r="3.5" />
          {cloud}
        </>
      );
      break;
    case 'fog':
      body = <path d="M3 9h18M5 13h14M3 17h18" />;
      break;
    case 'drizzle':
    case 'rain':
    case 'showers':
      body = (
        <>
          {cloud}
          <path d="M8 20.5l-1 2M12 20.5l-1 2M16 20.5l-1 2" />
        </>
      );
      break;
    case 'snow':
      body = (
        <>
          {cloud}
          <path d="M8 21.5h.01M12 21.5h.01M16 21.5h.01" strokeWidth="2.5" />
        </>
      );
      break;
    case 'thunder':
      body = (
        <>
          {cloud}
          <path d="M12 15l-2 4h3l-2 4" />
        </>
      );
      break;
    default:
      body = cloud;
  }
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 24 24"
      fill="none"
      stroke={colour}
      strokeWidth="1.6"
      strokeLinecap="round"
      data-testid="weather-icon"
      data-condition={condition}
      style={{ flex: 'none' }}
    >
      {body}
    </svg>
  );
}

export default function WeatherBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const view = runtime.mode === 'view';
  const d = widget.data as Loose;
  const st = widget.style as Loose;
  const theme = str(st['themeColor'], 'blue');
  const colours = obj(obj(st['themes'])[theme]);
  const stroke = str(colours['stroke'], '#1890FF');
  const lang = currentLang();
  const query = weatherQueryOf(widget, lang);
  const title = str(d['title'], '');
  const report = useQuery({
    queryKey: ['widget', 'weather', query],
    queryFn: () => callApi(weatherCalls.current, query!, { silent: true }),
    enabled: query !== null && view,
    // the server keeps a place 10 minutes; asking more often gains nothing
    refetchInterval: 10 * 60_000,
    retry: false,
  });
  let state: 'no-place' | 'design' | 'loading' | 'failed' | 'ready';
  let main: string;
  let sub: string;
  let condition: WeatherCondition | 'none' = 'none';
  if (!query) {
    state = 'no-place';
    main = t('complex.weather-no-place');
    sub = '';
  } else if (!view) {
    state = 'design';
    main = title || query.city || `${query.lat}, ${query.lng}`;
    sub = t('complex.weather-live');
  } else if (report.isError) {
    state = 'failed';
    main = t('complex.weather-failed');
    sub = (report.error as Error).message;
  } else if (!report.data) {
    state = 'loading';
    main = t('complex.loading');
    sub = '';
  } else {
    state = 'ready';
    const r = report.data;
    condition = weatherCondition(r.weatherCode);
    main = `${Math.round(r.temperature)}°C ${t(`complex.weather-cond.${condition}`)}`;
    sub = [
      title || r.place,
      t('complex.weather-humidity', { value: Math.round(r.humidity) }),
      t('complex.weather-wind', { speed: Math.round(r.windSpeed), dir: compassOf(r.windDirection) }),
    ].join(' · ');
  }
  return (
    <div
      data-testid="weather-widget"
      data-state={state}
      title={state === 'ready' ? sub : undefined}
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: 12,
        borderRadius: num(st['radius'], 10),
        background: str(colours['fill'], '#E6F4FF'),
        border: `1px solid ${stroke}`,
        overflow: 'hidden',
      }}
    >
      <ConditionIcon condition={condition} colour={stroke} />
      <div style={{ minWidth: 0 }}>
        <div style={{ fontSize: 15, fontWeight: 600, color: '#1f2937' }} data-testid="weather-main">
          {main}
        </div>
        {sub && (
          <div style={{ fontSize: 12, color: '#64748b', marginTop: 4 }} data-testid="weather-sub">
            {sub}
          </div>
        )}
      </div>
    </div>
  );
}
