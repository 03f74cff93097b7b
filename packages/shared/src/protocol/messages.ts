import { z } from 'zod';
import { driverSchema } from '../device/driver';
import { AGGREGATIONS, STORAGE_MODES } from '../device/report';
import { SCRIPT_STRATEGIES } from '../device/script';
import { storedVariableFields, VARIABLE_KINDS } from '../device/variable';
import { NETWORK_MODES } from '../device/gateway';

/**
 * Payloads of the gateway protocol (DESIGN.md §4), JSON with a protocol version `v`. Variables
 * are named by their id (as a string key) in every value map.
 */
const v = z.literal(1);
const ts = z.number().int().nonnegative(); // milliseconds since the epoch

/** Longest text a value may carry when its variable declares no string length. */
export const TEXT_VALUE_MAX = 1024;
/** Most items in one telemetry batch. */
export const TELEMETRY_ITEMS_MAX = 5000;
/** A variable's key in a value map: its platform id in decimal. */
export const VARIABLE_KEY = /^\d+$/;

const scalar = z.union([z.number(), z.string().max(TEXT_VALUE_MAX), z.boolean(), z.null()]);

/** Birth, heartbeat and last will (`{v, online: false}`), retained. */
/** A base-station (or fixed) position in degrees. */
export const locationSchema = z.object({
  lng: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
});

/**
 * The connection states of a driver in its diagnostics: not tried yet, answering, or not (with
 * `code`); docs/requirements/gateway-link.md §3.1.
 */
export const DRIVER_LINK_STATES = ['starting', 'connected', 'down'] as const;
export type DriverLinkState = (typeof DRIVER_LINK_STATES)[number];

/**
 * One driver in a status: `ok` and the catalogue `code` of its fault, and (optional, for
 * diagnostics) its connection state since when, its last good read, its last error with its time,
 * and the reads and writes it was asked for since it started, and how many of them failed.
 */
export const driverStatusSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  code: z.number().int().optional(),
  state: z.enum(DRIVER_LINK_STATES).optional(),
  since: ts.optional(),
  lastReadAt: ts.optional(),
  lastErrorCode: z.number().int().optional(),
  lastErrorAt: ts.optional(),
  requests: z.number().int().nonnegative().optional(),
  errors: z.number().int().nonnegative().optional(),
});
export type DriverStatus = z.infer<typeof driverStatusSchema>;

export const statusSchema = z.object({
  v,
  online: z.boolean(),
  sleeping: z.boolean().optional(),
  bootId: z.string().max(64).optional(),
  firmware: z.string().max(50).optional(),
  configVersion: z.number().int().nullable().optional(),
  configHash: z.string().max(128).nullable().optional(),
  /** cellular signal 0-31 (CSQ) */
  signal: z.number().int().min(0).max(99).optional(),
  location: locationSchema.optional(),
  networkMode: z.enum(NETWORK_MODES).optional(),
  drivers: z.array(driverStatusSchema).max(256).optional(),
  /** the gateway's time (corrected by the platform's `time` command), to measure its clock's skew */
  ts: ts.optional(),
  /** values and acknowledgements the platform refused since the gateway started (`down/refused`) */
  refused: z.number().int().nonnegative().optional(),
  /** ms the gateway adds to its own clock, from the platform's last `time` command */
  clockOffsetMs: z.number().int().optional(),
});
export type GatewayStatusMessage = z.infer<typeof statusSchema>;

/**
 * One item as a gateway must send it. The platform judges items one by one (a bad one is refused
 * on `down/refused`, the others are stored), so this schema describes what is sent; the platform
 * reads batches with `telemetryEnvelopeSchema`.
 */
export const telemetryItemSchema = z.object({
  ts: ts.positive(),
  vals: z.record(z.string().regex(VARIABLE_KEY), scalar),
  /** catalogue code per variable whose read failed */
  q: z.record(z.string().regex(VARIABLE_KEY), z.number().int()).optional(),
});

const batchHead = {
  v,
  bootId: z.string().max(64),
  seq: z.number().int().nonnegative(),
};

/** A batch of values; `seq` counts batches within a boot (`bootId`), so a gap is noticed. */
export const telemetrySchema = z.object({
  ...batchHead,
  items: z.array(telemetryItemSchema).min(1).max(TELEMETRY_ITEMS_MAX),
});
export type TelemetryMessage = z.infer<typeof telemetrySchema>;

/**
 * A batch as the platform accepts it: the head and an items array within limits; each item is
 * judged on its own afterwards (docs/requirements/gateway-link.md §4.2).
 */
export const telemetryEnvelopeSchema = z.object({
  ...batchHead,
  items: z.array(z.unknown()).min(1).max(TELEMETRY_ITEMS_MAX),
});
export type TelemetryEnvelope = z.infer<typeof telemetryEnvelopeSchema>;

/** A report record: per variable, the aggregated values of the period. */
export const reportRecordSchema = z.object({
  v,
  reportId: z.number().int().positive(),
  ts,
  values: z.record(z.string().regex(/^\d+$/), z.partialRecord(z.enum(AGGREGATIONS), z.number().nullable())),
  hist: z.boolean().optional(),
});
export type ReportRecordMessage = z.infer<typeof reportRecordSchema>;

/** What a gateway runs, as sent in `down/config`. */
export const gatewayConfigSchema = z.object({
  drivers: z.array(z.intersection(z.object({ id: z.number().int() }), driverSchema)),
  variables: z.array(
    z.object({
      id: z.number().int(),
      driverId: z.number().int().nullable(),
      kind: z.enum(VARIABLE_KINDS),
      name: z.string(),
      ...storedVariableFields,
      formula: z.string(),
      initialValue: z.string(),
    }),
  ),
  reports: z.array(
    z.object({
      id: z.number().int(),
      storageMode: z.enum(STORAGE_MODES),
      intervalS: z.number().int().nullable(),
      expression: z.string(),
      items: z.array(z.object({ variableId: z.number().int(), aggregation: z.enum(AGGREGATIONS) })),
    }),
  ),
  scripts: z.array(
    z.object({
      id: z.number().int(),
      strategy: z.enum(SCRIPT_STRATEGIES),
      intervalS: z.number().int().nullable(),
      condition: z.string(),
      body: z.string(),
    }),
  ),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const configMessageSchema = z.object({
  v,
  version: z.number().int(),
  hash: z.string().max(128),
  config: gatewayConfigSchema,
});
export type ConfigMessage = z.infer<typeof configMessageSchema>;

export const configAckSchema = z.object({
  v,
  version: z.number().int(),
  hash: z.string().max(128),
  ok: z.boolean(),
  errors: z
    .array(
      z.object({
        driverId: z.number().int().optional(),
        variableId: z.number().int().optional(),
        code: z.number().int(),
      }),
    )
    .max(1000)
    .optional(),
});
export type ConfigAckMessage = z.infer<typeof configAckSchema>;

export const COMMAND_TYPES = [
  'write',
  'read',
  'restart',
  'locate',
  'mode',
  'upgrade',
  'resend',
  'time',
] as const;

/** A command with its task uuid; the gateway answers each uuid once (duplicates are ignored). */
export const commandSchema = z.discriminatedUnion('type', [
  z.object({
    v,
    uuid: z.uuid(),
    type: z.literal('write'),
    variableId: z.number().int(),
    value: scalar,
    expiresAt: ts.optional(),
  }),
  z.object({
    v,
    uuid: z.uuid(),
    type: z.literal('read'),
    variableIds: z.array(z.number().int()).min(1).max(500),
    expiresAt: ts.optional(),
  }),
  z.object({ v, uuid: z.uuid(), type: z.literal('restart'), expiresAt: ts.optional() }),
  z.object({ v, uuid: z.uuid(), type: z.literal('locate'), expiresAt: ts.optional() }),
  z.object({
    v,
    uuid: z.uuid(),
    type: z.literal('mode'),
    networkMode: z.enum(NETWORK_MODES),
    expiresAt: ts.optional(),
  }),
  z.object({
    v,
    uuid: z.uuid(),
    type: z.literal('resend'),
    bootId: z.string().max(64),
    fromSeq: z.number().int(),
    toSeq: z.number().int(),
  }),
  /** the platform's time: the gateway dates what it sends by it (an offset to its own clock) */
  z.object({ v, uuid: z.uuid(), type: z.literal('time'), serverTs: ts.positive() }),
]);
export type CommandMessage = z.infer<typeof commandSchema>;

export const commandResultSchema = z.object({
  v,
  uuid: z.uuid(),
  ok: z.boolean(),
  /** catalogue code on failure */
  code: z.number().int().optional(),
  data: z.unknown().optional(),
});
export type CommandResultMessage = z.infer<typeof commandResultSchema>;

export const otaSchema = z.object({
  v,
  uuid: z.uuid(),
  url: z.url(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  version: z.string().max(50),
  /** bytes of the package */
  size: z.number().int().positive(),
  expiresAt: ts.optional(),
});
export type OtaMessage = z.infer<typeof otaSchema>;
export const OTA_STATES = ['downloading', 'downloaded', 'verified', 'updating', 'updated', 'failed'] as const;
export const otaProgressSchema = z.object({
  v,
  uuid: z.uuid(),
  state: z.enum(OTA_STATES),
  // stored as a whole percent (gateways.ota_percent is an integer): a fractional one is rounded, not refused
  percent: z.number().min(0).max(100).transform(Math.round).optional(),
  code: z.number().int().optional(),
});
export type OtaProgressMessage = z.infer<typeof otaProgressSchema>;

/** Most refusals a `down/refused` lists; `total` counts them all. */
export const REFUSALS_LISTED_MAX = 500;

/**
 * One thing the platform refused: a value (`item` and `key`), a whole item (`item` alone) or the
 * whole message (neither), with the catalogue code saying why.
 */
export const refusalSchema = z.object({
  /** index in the batch's `items` */
  item: z.number().int().nonnegative().optional(),
  /** the item's `ts`, when it was a number */
  ts: z.number().optional(),
  /** the variable key of a refused value */
  key: z.string().max(64).optional(),
  code: z.number().int(),
});
export type Refusal = z.infer<typeof refusalSchema>;

/** Uplinks the platform may refuse parts of. */
export const REFUSABLE_TOPICS = ['up/telemetry', 'up/telemetry/hist', 'up/config/ack'] as const;

/**
 * `down/refused`: what the platform did not take from an uplink that it acknowledged, sent only
 * when something was refused. A batch is named by `bootId` and `seq`, an acknowledgement by
 * `version` and `hash`.
 */
export const refusedSchema = z.object({
  v,
  topic: z.enum(REFUSABLE_TOPICS),
  bootId: z.string().max(64).optional(),
  seq: z.number().int().nonnegative().optional(),
  version: z.number().int().optional(),
  hash: z.string().max(128).optional(),
  refused: z.array(refusalSchema).min(1).max(REFUSALS_LISTED_MAX),
  /** how many refusals there were, listed or not */
  total: z.number().int().positive(),
});
export type RefusedMessage = z.infer<typeof refusedSchema>;
