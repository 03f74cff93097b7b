/**
 * The weather widget (ComplexWeather): a card in its theme colour (white, blue, orange, yellow)
 * with the provider's current report. Without a configured provider it shows a clear "not
 * configured" state (see weatherProvider.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { CloudOutlined } from '@ant-design/icons';
import i18n from 'i18next';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { num, obj, str } from '../styleOf';
import { resolveWeather, type WeatherPlace } from './weatherProvider';

type Loose = Record<string, unknown>;

export default function WeatherBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const d = widget.data as Loose;
  const st = widget.style as Loose;
  const theme = str(st['themeColor'], 'blue');
  const colours = obj(obj(st['themes'])[theme]);
  const place: WeatherPlace = {
    provinceId: str(d['provinceId'], ''),
    cityId: str(d['cityId'], ''),
    countyId: str(d['countyId'], ''),
    title: str(d['title'], ''),
  };
  const resolved = resolveWeather(d['provider'], place);
  const report = useQuery({
    queryKey: ['widget', 'weather', d['provider'], place],
    queryFn: ({ signal }) =>
      resolved.state === 'ready' ? resolved.provider.current(place, i18n.language, signal) : null,
    enabled: resolved.state === 'ready' && runtime.mode === 'view',
    refetchInterval: 30 * 60_000,
  });
  let main: string;
  let sub: string;
  if (resolved.state === 'not-configured') {
    main = t('complex.weather-not-configured');
    sub = t('complex.weather-not-configured-help');
  } else if (resolved.state === 'no-place') {
    main = t('complex.weather-no-place');
    sub = '';
  } else if (runtime.mode === 'design') {
    main = place.title || resolved.provider.label;
    sub = t('complex.weather-live');
  } else if (report.isError) {
    main = t('complex.weather-failed');
    sub = '';
  } else if (!report.data) {
    main = t('complex.loading');
    sub = '';
  } else {
    main = `${Math.round(report.data.temperature)}°C ${report.data.condition}`;
    sub = [
      place.title,
      report.data.humidity !== undefined ? `${report.data.humidity}%` : '',
      report.data.wind ?? '',
    ]
      .filter(Boolean)
      .join(' · ');
  }
  return (
    <div
      data-testid="weather-widget"
      data-state={resolved.state}
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: 12,
        borderRadius: num(st['radius'], 10),
        background: str(colours['fill'], '#E6F4FF'),
        border: `1px solid ${str(colours['stroke'], '#1890FF')}`,
        overflow: 'hidden',
      }}
    >
      <CloudOutlined style={{ fontSize: 32, color: str(colours['stroke'], '#1890FF') }} />
      <div style={{ minWidth: 0 }}>
        <div style={{ fontSize: 15, fontWeight: 600, color: '#1f2937' }}>{main}</div>
        {sub && <div style={{ fontSize: 12, color: '#64748b', marginTop: 4 }}>{sub}</div>}
      </div>
    </div>
  );
}
