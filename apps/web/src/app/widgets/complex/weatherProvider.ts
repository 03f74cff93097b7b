/**
 * Where the weather widget (ComplexWeather) gets its forecast. The platform ships no weather
 * service: a deployment registers a provider (an adapter to its licensed service) under a name,
 * and a widget names the provider in `data.provider`. With none registered or named, the widget
 * says plainly that weather is not configured, rather than inventing a forecast.
 */

/**
 * The place a widget asks about (docs/requirements/widgets.md §4.6: province, city, county, manual position).
 */
export interface WeatherPlace {
  provinceId: string;
  cityId: string;
  countyId: string;
  title: string;
}

/** What a provider answers. */
export interface WeatherReport {
  /** °C */
  temperature: number;
  /** short condition text in the user's language, e.g. 晴 / Sunny */
  condition: string;
  humidity?: number;
  wind?: string;
  /** milliseconds since the epoch */
  observedAt: number;
}

export interface WeatherProvider {
  /** shown in the property panel */
  label: string;
  current(place: WeatherPlace, lang: string, signal: AbortSignal): Promise<WeatherReport>;
}

const providers = new Map<string, WeatherProvider>();

/** Registers a provider under `name` (a deployment's startup code does this). */
export function registerWeatherProvider(name: string, provider: WeatherProvider): () => void {
  providers.set(name, provider);
  return () => {
    if (providers.get(name) === provider) providers.delete(name);
  };
}

/** The registered providers' names and labels. */
export function weatherProviders(): { name: string; label: string }[] {
  return [...providers].map(([name, p]) => ({ name, label: p.label }));
}

/** Why a widget cannot show weather, or the provider to ask. */
export function resolveWeather(
  providerName: unknown,
  place: WeatherPlace,
): { state: 'not-configured' } | { state: 'no-place' } | { state: 'ready'; provider: WeatherProvider } {
  const provider = typeof providerName === 'string' && providerName ? providers.get(providerName) : undefined;
  if (!provider) return { state: 'not-configured' };
  if (!place.cityId && !place.countyId && !place.provinceId) return { state: 'no-place' };
  return { state: 'ready', provider };
}
