/**
 * The gateway's command line and environment, parsed once by zod. Each option has a command-line
 * flag and an environment variable (flag wins); a bad value gets a message naming the flag.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { z } from 'zod';
import { SN_PATTERN } from '@fieldhub/shared';
import { LOG_LEVELS } from './log';

const flagFromEnv = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'yes', 'no', ''])])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'yes');

const optionsSchema = z
  .object({
    /** the gateway's 12-digit SN: MQTT client id and username */
    sn: z.string({ error: 'required' }).trim().regex(SN_PATTERN, 'expected 12 digits'),
    /** MQTT password the platform registered for this SN */
    password: z.string({ error: 'required' }).min(1, 'required').max(100),
    /** the platform's broker, mqtt://host:port (also mqtts://, ws://, wss://) */
    broker: z.string().regex(/^(mqtts?|wss?):\/\/[^\s/]+(:\d+)?(\/\S*)?$/, 'expected mqtt://host:port'),
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

/** Flag name (kebab-case), option key and environment variable of every option. */
const FLAGS = [
  ['sn', 'sn', 'GATEWAY_SN'],
  ['password', 'password', 'GATEWAY_PASSWORD'],
  ['broker', 'broker', 'GATEWAY_BROKER'],
  ['data-dir', 'dataDir', 'GATEWAY_DATA_DIR'],
  ['simulate', 'simulate', 'GATEWAY_SIMULATE'],
  ['plant-port', 'plantPort', 'GATEWAY_PLANT_PORT'],
  ['log-level', 'logLevel', 'GATEWAY_LOG_LEVEL'],
  ['buffer-bytes', 'bufferBytes', 'GATEWAY_BUFFER_BYTES'],
  ['heartbeat-s', 'heartbeatS', 'GATEWAY_HEARTBEAT_S'],
  ['location', 'location', 'GATEWAY_LOCATION'],
  ['signal', 'signal', 'GATEWAY_SIGNAL'],
  ['install-command', 'installCommand', 'GATEWAY_INSTALL_COMMAND'],
] as const;

export const USAGE = `Usage: npm run gateway -- --sn <12 digits> --password <mqtt password> --broker mqtt://host:port
  [--data-dir ./gateway-data/<sn>] [--simulate] [--plant-port 5020] [--log-level debug|info|warn|error]
  [--buffer-bytes 67108864] [--heartbeat-s 60] [--location <lng,lat>] [--signal <0-31>]
  [--install-command '<shell command installing $FIRMWARE_PACKAGE>']
Each option may also come from the environment: ${FLAGS.map(([, , env]) => env).join(', ')}.`;

export type ParsedOptions = { ok: true; options: GatewayOptions } | { ok: false; message: string };

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedOptions {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      options: Object.fromEntries(
        FLAGS.map(([flag]) => [
          flag,
          { type: flag === 'simulate' ? ('boolean' as const) : ('string' as const) },
        ]),
      ),
    }).values;
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${USAGE}` };
  }
  const input: Record<string, unknown> = {};
  for (const [flag, key, envName] of FLAGS) {
    const value = values[flag] ?? env[envName];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = optionsSchema.safeParse(input);
  if (parsed.success) return { ok: true, options: parsed.data };
  const lines = parsed.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    const entry = FLAGS.find(([, k]) => k === key);
    const name = entry ? `--${entry[0]} (${entry[2]})` : key;
    return `  ${name}: ${issue.message}`;
  });
  return { ok: false, message: `Invalid options:\n${lines.join('\n')}\n${USAGE}` };
}
