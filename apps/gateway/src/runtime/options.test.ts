import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFleetOptions, parseOptions, wantsFleet } from './options';

const required = ['--sn', '100000000001', '--password', 'pw-12345', '--broker', 'mqtt://localhost:1883'];

describe('parseOptions', () => {
  it('takes flags, applies defaults and puts the data dir under gateway-data/<sn>', () => {
    const parsed = parseOptions([...required, '--simulate'], {});
    expect(parsed).toMatchObject({
      ok: true,
      options: {
        sn: '100000000001',
        simulate: true,
        plantPort: 5020,
        logLevel: 'info',
        bufferBytes: 64 * 1024 * 1024,
        dataDir: path.resolve('gateway-data/100000000001'),
      },
    });
  });

  it('falls back to the environment, the flag winning', () => {
    const parsed = parseOptions(['--plant-port', '6000'], {
      GATEWAY_SN: '100000000002',
      GATEWAY_PASSWORD: 'pw-12345',
      GATEWAY_BROKER: 'mqtt://broker:1883',
      GATEWAY_PLANT_PORT: '7000',
      GATEWAY_SIMULATE: '1',
      GATEWAY_LOCATION: '121.47,31.23',
    });
    expect(parsed).toMatchObject({
      ok: true,
      options: { sn: '100000000002', plantPort: 6000, simulate: true, location: { lng: 121.47, lat: 31.23 } },
    });
  });

  it('names each bad option with its flag and environment variable', () => {
    const parsed = parseOptions(['--sn', '12345', '--broker', 'http://x', '--log-level', 'loud'], {});
    expect(parsed.ok).toBe(false);
    const message = parsed.ok ? '' : parsed.message;
    expect(message).toContain('--sn (GATEWAY_SN): expected 12 digits');
    expect(message).toContain('--password (GATEWAY_PASSWORD): required');
    expect(message).toContain('--broker (GATEWAY_BROKER): expected mqtt://host:port');
    expect(message).toContain('--log-level (GATEWAY_LOG_LEVEL)');
  });

  it('takes the topic prefix of a shared broker, none by default, and refuses a wildcard in it', () => {
    expect(parseOptions(required, {})).toMatchObject({ ok: true, options: { topicPrefix: '' } });
    expect(parseOptions([...required, '--topic-prefix', 'acme/plant-1'], {})).toMatchObject({
      ok: true,
      options: { topicPrefix: 'acme/plant-1' },
    });
    expect(
      parseFleetOptions(['--fleet', '2', '--fleet-file', 'f.json', ...required.slice(4)], {
        GATEWAY_TOPIC_PREFIX: 'acme',
      }),
    ).toMatchObject({ ok: true, options: { topicPrefix: 'acme' } });
    const parsed = parseOptions([...required, '--topic-prefix', 'acme/#'], {});
    expect(parsed.ok ? '' : parsed.message).toContain(
      '--topic-prefix (GATEWAY_TOPIC_PREFIX): a topic prefix must not contain the MQTT wildcards',
    );
  });

  it('refuses an unknown flag with the usage', () => {
    const parsed = parseOptions([...required, '--colour'], {});
    expect(parsed.ok ? '' : parsed.message).toMatch(/Unknown option '--colour'[\s\S]*Usage:/);
  });
});

describe('parseFleetOptions', () => {
  it('reads the fleet size, variables and interval, without an SN or password', () => {
    const argv = ['--fleet', '200', '--fleet-file', 'fleet.json', '--broker', 'mqtt://localhost:1883'];
    expect(wantsFleet(argv, {})).toBe(true);
    const parsed = parseFleetOptions([...argv, '--variables', '20', '--interval', '500ms'], {});
    expect(parsed).toMatchObject({
      ok: true,
      options: { fleet: 200, variables: 20, interval: 500, fleetFile: path.resolve('fleet.json') },
    });
    expect(parseFleetOptions(argv, {})).toMatchObject({
      ok: true,
      options: { variables: 50, interval: 10_000, sampleBeforeConfig: false },
    });
  });

  it('samples before a configuration came only when asked, by flag or environment', () => {
    const argv = ['--fleet', '2', '--fleet-file', 'fleet.json', '--broker', 'mqtt://localhost:1883'];
    expect(parseFleetOptions([...argv, '--sample-before-config'], {})).toMatchObject({
      ok: true,
      options: { sampleBeforeConfig: true },
    });
    expect(parseFleetOptions(argv, { GATEWAY_SAMPLE_BEFORE_CONFIG: 'true' })).toMatchObject({
      ok: true,
      options: { sampleBeforeConfig: true },
    });
  });

  it('names a missing credentials file and a bad interval', () => {
    const parsed = parseFleetOptions(['--fleet', '2', '--interval', 'soon', '--broker', 'mqtt://b:1883'], {});
    const message = parsed.ok ? '' : parsed.message;
    expect(message).toContain('--fleet-file (GATEWAY_FLEET_FILE): required with --fleet');
    expect(message).toContain('--interval (GATEWAY_INTERVAL): expected a duration');
  });
});
