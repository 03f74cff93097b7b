import { z } from 'zod';
import { FIRMWARE_UPGRADE_STATES } from '../device/firmware';
import {
  GATEWAY_STATUSES,
  gatewaySettingsSchema,
  NETWORK_MODES,
  registerGatewaysSchema,
  REMOTE_MODES,
} from '../device/gateway';
import { listPageOf, pagingSchema } from '../validation/form';
import { answerTime, defineCalls, noData } from './define';

/**
 * A text column the database holds to a set of values (a check constraint): the server reads it as
 * text, the answer names the set.
 */
const textOf = <const T extends readonly [string, ...string[]]>(values: T) => z.string().pipe(z.enum(values));

/** A JSON column: the server reads it as an object, the answer describes its fields. */
const jsonOf = <S extends z.ZodType<unknown, Record<string, unknown>>>(shape: S) =>
  z.record(z.string(), z.unknown()).pipe(shape);

/** A certificate or key file as the settings hold it: its name and base64 content. */
const certificateView = z.object({
  name: z.string(),
  /** base64; empty for a stored private key, which the server never sends back */
  content: z.string(),
});

/** The gateway's LAN settings as stored (docs/requirements/devices-and-gateways.md §6.4). */
const lanView = z.object({
  ip: z.string().optional(),
  mask: z.string().optional(),
  mac: z.string().optional(),
  crossTarget: z.string().optional(),
  nextHop: z.string().optional(),
});

/** The gateway's own MQTT client settings as stored, secrets masked (docs/requirements/devices-and-gateways.md §6.1). */
export const gatewayMqttView = z.object({
  enabled: z.boolean().optional(),
  clientId: z.string().optional(),
  username: z.string().optional(),
  /** '******' when a password is stored */
  password: z.string().optional(),
  host: z.string().optional(),
  port: z.number().int().optional(),
  timeoutS: z.number().int().optional(),
  keepAliveS: z.number().int().optional(),
  auth: z.enum(['none', 'one-way', 'mutual']).optional(),
  rootCert: certificateView.optional(),
  publicKey: certificateView.optional(),
  privateKey: certificateView.optional(),
  subscribeTopic: z.string().optional(),
});

/** A gateway bound to one of the enterprise's devices, with its settings and last upgrade. */
export const boundGatewayRow = z.object({
  id: z.number().int(),
  sn: z.string(),
  series: z.string(),
  model: z.string(),
  firmware: z.string(),
  equipmentId: z.number().int(),
  equipmentName: z.string(),
  networkMode: textOf(NETWORK_MODES),
  /** the mode chosen last; the gateway switches after its next restart */
  pendingNetworkMode: textOf(NETWORK_MODES).nullable(),
  remoteMode: textOf(REMOTE_MODES),
  status: textOf(GATEWAY_STATUSES),
  signalStrength: z.number().nullable(),
  lan: jsonOf(lanView),
  mqtt: jsonOf(gatewayMqttView),
  /** the last base-station location and when it was reported */
  location: jsonOf(z.object({ lng: z.number(), lat: z.number(), at: z.string() })).nullable(),
  sleepDelayS: z.number().int().nullable(),
  syncNeeded: z.boolean(),
  lastSeenAt: answerTime.nullable(),
  /** the last firmware upgrade: its state, target version, download percent, failure code, time */
  otaState: textOf(FIRMWARE_UPGRADE_STATES).nullable(),
  otaVersion: z.string().nullable(),
  otaPercent: z.number().nullable(),
  otaCode: z.number().int().nullable(),
  otaAt: answerTime.nullable(),
  /** the newest firmware package of the series, and whether it is newer than the gateway's */
  latestFirmware: z.string().nullable(),
  upgradable: z.boolean(),
  /** values, items and acknowledgements the platform refused of it (docs/requirements/gateway-link.md §4.2) */
  refusedCount: z.number().int(),
  lastRefusedCode: z.number().int().nullable(),
  lastRefusedAt: answerTime.nullable(),
  /** how far its clock was off at its last status, in ms (positive: ahead; §4.3) */
  clockSkewMs: z.number().int().nullable(),
});

/** A gateway of the platform registry. */
export const registeredGatewayRow = z.object({
  sn: z.string(),
  series: z.string(),
  model: z.string(),
  firmware: z.string(),
  status: textOf(GATEWAY_STATUSES),
  /** enterprise of the device it is bound to */
  orgName: z.string().nullable(),
  bound: z.boolean(),
  registeredAt: answerTime,
});

/** What the setup wizard learns about a gateway by its SN before binding it. */
export const gatewayLookupSchema = z.object({
  sn: z.string(),
  series: z.string(),
  model: z.string(),
  firmware: z.string(),
  bound: z.boolean(),
  status: textOf(GATEWAY_STATUSES),
});

/** A gateway series with its capacities (docs/requirements/devices-and-gateways.md §7) and optional features. */
export const gatewaySeriesRow = z.object({
  name: z.string(),
  maxDrivers: z.number().int(),
  maxVariables: z.number().int(),
  maxAlarms: z.number().int(),
  maxStored: z.number().int(),
  maxReports: z.number().int(),
  maxScripts: z.number().int(),
  features: z.array(z.string()),
  isDefault: z.boolean(),
});

const platform = { perm: 'platform_system' } as const;
const manage = { perm: 'gateway_manage' } as const;

/**
 * The gateway registry of the platform, SN lookup for the setup wizard, the enterprise's gateways
 * and their settings (docs/requirements/devices-and-gateways.md §6, §7, §12).
 */
export const gatewaysCalls = defineCalls('gateways', {
  register: {
    path: '/lfscada/hardware/register',
    input: registerGatewaysSchema,
    // shown once: the platform keeps only hashes of the passwords
    output: z.array(z.object({ sn: z.string(), verifyCode: z.string(), mqttPassword: z.string() })),
    access: platform,
    summary:
      'Registers up to 100 gateways of a series; answers each one’s verification code and MQTT password',
  },
  registry: {
    path: '/lfscada/hardware/query',
    input: pagingSchema.extend({ sn: z.string().trim().max(12).optional() }),
    output: listPageOf(registeredGatewayRow),
    access: platform,
    summary: 'A page of every registered gateway, newest first, optionally by part of the SN',
  },
  bySn: {
    path: '/lfscada/hardware/queryBySn',
    input: z.object({ sn: z.string().trim().max(20) }),
    output: gatewayLookupSchema,
    access: { perm: 'equipment_manage' },
    summary: 'A gateway by SN before binding: series, model, firmware, whether it is bound',
  },
  series: {
    path: '/lfscada/hardware/series',
    output: z.array(gatewaySeriesRow),
    summary: 'The gateway series with their capacities, the default first',
  },
  list: {
    path: '/lfscada/gateway/query',
    input: pagingSchema.extend({
      keyword: z.string().trim().max(50).optional(),
      status: z.enum(GATEWAY_STATUSES).optional(),
    }),
    output: listPageOf(boundGatewayRow),
    access: manage,
    summary: "A page of the gateways bound to the caller's devices, by SN",
  },
  saveSettings: {
    path: '/lfscada/gateway/settings/save',
    input: gatewaySettingsSchema,
    output: noData,
    access: manage,
    // three certificate or key files of up to 1 MB each travel as base64 (4/3 larger)
    bodyLimit: 5 * 1024 * 1024,
    summary: "Saves parts of a gateway's settings (LAN, MQTT, network and remote mode, sleep delay)",
  },
});
