/**
 * The gateway's command line and environment, parsed once by zod. Each option has a command-line
 * flag and an environment variable (flag wins); a bad value gets a message naming the flag.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { z } from 'zod';
import { SN_PATTERN, topicPrefixSchema } from '@fieldhub/shared';
import { LOG_LEVELS } from './log';

const flagFromEnv = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'yes', 'no', ''])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'yes');

const brokerSchema = z
  .string()
  .regex(/^(mqtts?|wss?):\/\/[^\s/]+(:\d+)?(\/\S*)?$/, 'expected mqtt://host:port');

/** `10s`, `500ms`, `2m` or plain milliseconds, as milliseconds. */
const durationSchema = z
  .string()
  .regex(/^\d+(ms|s|m)?$/, 'expected a duration such as 10s, 500ms or 2m')
  .transform((text) => {
    const [, digits, unit] = /^(\d+)(ms|s|m)?$/.exec(text)!;
    return Number(digits) * (unit === 's' ? 1000 : unit === 'm' ? 60_000 : 1);
  })
  .refine((ms) => ms >= 100 && ms <= 3_600_000, 'between 100ms and 60m');

const optionsSchema = z
  .object({
    /** the gateway's 12-digit SN: MQTT client id and username */
    sn: z.string({ error: 'required' }).trim().regex(SN_PATTERN, 'expected 12 digits'),
    /** MQTT password the platform registered for this SN */
    password: z.string({ error: 'required' }).min(1, 'required').max(100),
    /** the platform's broker, mqtt://host:port (also mqtts://, ws://, wss://) */
    broker: brokerSchema,
    /** the platform's topic prefix on a shared broker, its MQTT_TOPIC_PREFIX ('' for none) */
    topicPrefix: topicPrefixSchema.default(''),
    /** where config, command results and the store-and-forward buffer live */
    dataDir: z.string().min(1).optional(),
    /** run the built-in Modbus TCP plant for demos and tests */
    simulate: flagFromEnv.default(false),
    /** port of the simulated plant */
    plantPort: z.coerce.number().int().min(1).max(65535).default(5020),
    logLevel: z.enum(LOG_LEVELS).default('info'),
    /** bound of the disk buffer in bytes */
    bufferBytes: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .default(64 * 1024 * 1024),
    /** seconds between status re-publications */
    heartbeatS: z.coerce.number().int().min(1).max(3600).default(60),
    /** fixed base-station location "lng,lat", answered to locate commands */
    location: z
      .string()
      .regex(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/, 'expected lng,lat')
      .transform((s) => {
        const [lng, lat] = s.split(',').map(Number) as [number, number];
        return { lng, lat };
      })
      .refine((l) => Math.abs(l.lng) <= 180 && Math.abs(l.lat) <= 90, 'lng within ±180, lat within ±90')
      .optional(),
    /** cellular signal strength 0-31 (CSQ) to report, when the host knows it */
    signal: z.coerce.number().int().min(0).max(31).optional(),
    /**
     * shell command that installs a verified firmware package (FIRMWARE_PACKAGE, FIRMWARE_VERSION
     * and FIRMWARE_SHA256 in its environment); without one an upgrade fails after the check
     */
    installCommand: z.string().trim().min(1).max(1000).optional(),
  })
  .transform((o) => ({ ...o, dataDir: path.resolve(o.dataDir ?? path.join('gateway-data', o.sn)) }));

export type GatewayOptions = z.output<typeof optionsSchema>;

/**
 * Fleet mode (docs/requirements/gateway-link.md §9.4): `fleet` simulated gateways of one
 * credentials file in one process, each its own MQTT client and login.
 */
const fleetSchema = z
  .object({
    /** how many gateways of the credentials file to run */
    fleet: z.coerce.number().int().min(1).max(100_000),
    /** the credentials file the platform's provisioning step wrote */
    fleetFile: z.string({ error: 'required with --fleet' }).min(1, 'required with --fleet'),
    /** variables each gateway reports (at most as many as the file lists for it) */
    variables: z.coerce.number().int().min(1).max(10_000).default(50),
    /** one value per variable every interval */
    interval: durationSchema.default(10_000),
    /** gateways started per second, so the broker is not hit by every login at once */
    connectRate: z.coerce.number().int().min(1).max(100_000).default(1000),
    /**
     * sample from the login on, before a configuration came (gateways that kept one from before,
     * while the platform sends each its first: telemetry and configurations at once)
     */
    sampleBeforeConfig: flagFromEnv.default(false),
    broker: brokerSchema,
    topicPrefix: topicPrefixSchema.default(''),
    /** command results of every gateway, one folder per SN */
    dataDir: z.string().min(1).default(path.join('gateway-data', 'fleet')),
    logLevel: z.enum(LOG_LEVELS).default('info'),
    heartbeatS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .transform((o) => ({ ...o, dataDir: path.resolve(o.dataDir), fleetFile: path.resolve(o.fleetFile) }));

export type FleetOptions = z.output<typeof fleetSchema>;

/** Keys only fleet mode reads; the others (but --simulate and the single gateway's) are shared. */
const FLEET_KEYS = new Set([
  'fleet',
  'fleetFile',
  'variables',
  'interval',
  'connectRate',
  'sampleBeforeConfig',
]);
const FLEET_SHARED_KEYS = new Set(['broker', 'topicPrefix', 'dataDir', 'logLevel', 'heartbeatS']);

/** Flag name (kebab-case), option key, environment variable and meaning of every option. */
const FLAGS = [
  ['sn', 'sn', 'GATEWAY_SN', "the gateway's 12-digit SN (MQTT client id and user name); required"],
  ['password', 'password', 'GATEWAY_PASSWORD', 'the MQTT password the platform gave this SN; required'],
  [
    'broker',
    'broker',
    'GATEWAY_BROKER',
    "the platform's broker, mqtt://host:port (mqtts, ws, wss too); required",
  ],
  [
    'topic-prefix',
    'topicPrefix',
    'GATEWAY_TOPIC_PREFIX',
    "the platform's MQTT_TOPIC_PREFIX on a shared broker (none)",
  ],
  ['data-dir', 'dataDir', 'GATEWAY_DATA_DIR', 'config, command results and buffer (./gateway-data/<sn>)'],
  ['simulate', 'simulate', 'GATEWAY_SIMULATE', 'run the built-in Modbus TCP plant for demos and tests'],
  ['plant-port', 'plantPort', 'GATEWAY_PLANT_PORT', "the simulated plant's port (5020)"],
  ['log-level', 'logLevel', 'GATEWAY_LOG_LEVEL', 'debug, info, warn or error (info)'],
  ['buffer-bytes', 'bufferBytes', 'GATEWAY_BUFFER_BYTES', 'bound of the store-and-forward buffer (67108864)'],
  ['heartbeat-s', 'heartbeatS', 'GATEWAY_HEARTBEAT_S', 'seconds between status messages (60)'],
  ['location', 'location', 'GATEWAY_LOCATION', 'fixed location "lng,lat" answered to locate commands'],
  ['signal', 'signal', 'GATEWAY_SIGNAL', 'cellular signal strength 0-31 to report'],
  [
    'install-command',
    'installCommand',
    'GATEWAY_INSTALL_COMMAND',
    'shell command installing a verified firmware package ($FIRMWARE_PACKAGE)',
  ],
  ['fleet', 'fleet', 'GATEWAY_FLEET', 'fleet mode: run this many simulated gateways of --fleet-file'],
  ['fleet-file', 'fleetFile', 'GATEWAY_FLEET_FILE', "fleet mode: the provisioning step's credentials file"],
  ['variables', 'variables', 'GATEWAY_VARIABLES', 'fleet mode: variables per gateway (50)'],
  ['interval', 'interval', 'GATEWAY_INTERVAL', 'fleet mode: one value per variable every 10s (500ms, 2m)'],
  [
    'connect-rate',
    'connectRate',
    'GATEWAY_CONNECT_RATE',
    'fleet mode: gateways logging in per second (1000)',
  ],
  [
    'sample-before-config',
    'sampleBeforeConfig',
    'GATEWAY_SAMPLE_BEFORE_CONFIG',
    'fleet mode: sample from the login on, not once a configuration came',
  ],
] as const;

/** Flags without a value. */
const BOOLEAN_FLAGS = new Set<string>(['simulate', 'sample-before-config']);

export const USAGE = `Usage: npm run gateway -- --sn <12 digits> --password <mqtt password> --broker mqtt://host:port
  [--topic-prefix <prefix>] [--data-dir ./gateway-data/<sn>] [--simulate] [--plant-port 5020] [--log-level debug|info|warn|error]
  [--buffer-bytes 67108864] [--heartbeat-s 60] [--location <lng,lat>] [--signal <0-31>]
  [--install-command '<shell command installing $FIRMWARE_PACKAGE>']
   or: npm run gateway -- --fleet <N> --fleet-file <credentials.json> --broker mqtt://host:port
  [--variables 50] [--interval 10s] [--connect-rate 1000] [--sample-before-config] [--topic-prefix <prefix>] [--data-dir ./gateway-data/fleet]
Each option may also come from the environment: ${FLAGS.map(([, , env]) => env).join(', ')}.`;

/** What `--help` prints: the usage, then every option with its environment variable and meaning. */
export const HELP = `FieldHub software gateway: runs field drivers (Modbus TCP/RTU, S7, OPC UA) and speaks the
gateway protocol to the platform's MQTT broker.

${USAGE}

Options:
${FLAGS.map(([flag, , env, meaning]) => `  --${flag.padEnd(16)} ${env.padEnd(24)} ${meaning}`).join('\n')}
  --${'help, -h'.padEnd(16)} ${''.padEnd(24)} print this help and exit

Exit codes: 0 after SIGINT/SIGTERM or --help, 2 for bad options, 1 when the gateway cannot start,
75 after a restart command (for a supervisor to start it again).
`;

/** Whether the command line asks for the help text (then nothing else is parsed). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--help' || arg === '-h');
}

export type ParsedOptions = { ok: true; options: GatewayOptions } | { ok: false; message: string };
export type ParsedFleetOptions = { ok: true; options: FleetOptions } | { ok: false; message: string };

/** Whether the command line (or GATEWAY_FLEET) asks for fleet mode. */
export function wantsFleet(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.some((arg) => arg === '--fleet' || arg.startsWith('--fleet=')) || Boolean(env.GATEWAY_FLEET);
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedOptions {
  return parseWith(optionsSchema, (key) => !FLEET_KEYS.has(key), argv, env);
}

export function parseFleetOptions(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedFleetOptions {
  return parseWith(fleetSchema, (key) => FLEET_KEYS.has(key) || FLEET_SHARED_KEYS.has(key), argv, env);
}

/** Parses every flag (an unknown one is refused), then validates those `takes` with `schema`. */
function parseWith<S extends z.ZodType>(
  schema: S,
  takes: (key: string) => boolean,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { ok: true; options: z.output<S> } | { ok: false; message: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      options: Object.fromEntries(
        FLAGS.map(([flag]) => [
          flag,
          { type: BOOLEAN_FLAGS.has(flag) ? ('boolean' as const) : ('string' as const) },
        ]),
      ),
    }).values;
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${USAGE}` };
  }
  const input: Record<string, unknown> = {};
  for (const [flag, key, envName] of FLAGS) {
    if (!takes(key)) continue;
    const value = values[flag] ?? env[envName];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, options: parsed.data };
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const entry = FLAGS.find(([, k]) => k === key);
    const name = entry ? `--${entry[0]} (${entry[2]})` : key;
    return `  ${name}: ${issue.message}`;
  });
  return { ok: false, message: `Invalid options:\n${lines.join('\n')}\n${USAGE}` };
}
