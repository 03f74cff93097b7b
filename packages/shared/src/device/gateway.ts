import { z } from 'zod';
import { ipSchema, isSubnetMask, inSegment, portSchema, snSchema, verifyCodeSchema } from './network';

export const NETWORK_MODES = ['standard', 'switch', 'router'] as const;
export const REMOTE_MODES = ['off', 'upload', 'download'] as const;
export const GATEWAY_STATUSES = ['online', 'offline', 'sleeping'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** LAN settings: address, mask, MAC, a cross-segment target reached through a next hop. */
export const lanSchema = z.object({
  ip: z.preprocess(blankToUndefined, ipSchema.optional()),
  mask: z.preprocess(blankToUndefined, ipSchema.optional()),
  mac: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/, 'MAC')
      .optional(),
  ),
  crossTarget: z.preprocess(blankToUndefined, ipSchema.optional()),
  nextHop: z.preprocess(blankToUndefined, ipSchema.optional()),
});

export type LanConfig = z.infer<typeof lanSchema>;

/**
 * Catalogue code of what is wrong with LAN settings: 1334 for a mask that is not a subnet mask,
 * 1333 for a next hop outside the LAN segment (docs/requirements/devices-and-gateways.md §6.4); null when
 * they are fine.
 */
export function lanProblem(lan: LanConfig): number | null {
  if (lan.mask && !isSubnetMask(lan.mask)) return 1334;
  if (lan.nextHop && (!lan.ip || !lan.mask || !inSegment(lan.nextHop, lan.ip, lan.mask))) return 1333;
  return null;
}

/** A certificate or key file (.pem or .der, at most 1 MB), carried as base64 with its name. */
export const CERT_MAX_BYTES = 1024 * 1024;
export const certificateFileSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/\.(pem|der)$/i, '.pem or .der'),
    /** base64 of the file */
    content: z.string().max(Math.ceil((CERT_MAX_BYTES * 4) / 3) + 4),
  })
  .refine((f) => base64Bytes(f.content) <= CERT_MAX_BYTES, { message: 'file larger than 1 MB' });

/** Decoded size of a base64 text, without decoding it (works in the browser and Node). */
export function base64Bytes(b64: string): number {
  const clean = b64.replace(/\s/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/** Longest MQTT subscribe topic (docs/requirements/devices-and-gateways.md §6.4). */
export const MQTT_TOPIC_MAX = 200;

/**
 * The gateway's own MQTT client settings (for a customer broker),
 * docs/requirements/devices-and-gateways.md §6.1.
 */
export const gatewayMqttSchema = z.object({
  enabled: z.boolean().optional().default(false),
  clientId: z.string().trim().max(100).optional().default(''),
  username: z.string().trim().max(100).optional().default(''),
  password: z.string().max(100).optional(),
  host: z.string().trim().max(200).optional().default(''),
  port: z.preprocess(blankToUndefined, portSchema.optional()),
  timeoutS: z.coerce.number().int().min(1).max(300).optional().default(30),
  keepAliveS: z.coerce.number().int().min(5).max(3600).optional().default(60),
  auth: z.enum(['none', 'one-way', 'mutual']).optional().default('none'),
  rootCert: certificateFileSchema.optional(),
  publicKey: certificateFileSchema.optional(),
  privateKey: certificateFileSchema.optional(),
  /** at most MQTT_TOPIC_MAX characters: checked by the service so the answer is 1337 */
  subscribeTopic: z.string().trim().max(2000).optional().default(''),
});
export type GatewayMqtt = z.infer<typeof gatewayMqttSchema>;

export const gatewaySettingsSchema = z.object({
  sn: snSchema,
  networkMode: z.enum(NETWORK_MODES).optional(),
  remoteMode: z.enum(REMOTE_MODES).optional(),
  sleepDelayS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(86_400).optional()),
  lan: lanSchema.optional(),
  mqtt: gatewayMqttSchema.optional(),
});

export const bindGatewaySchema = z.object({
  equipmentId: z.coerce.number().int().positive(),
  sn: z.string().trim(),
  verifyCode: z.string().trim(),
});

/** Platform registration of gateways (at most 100 per batch, code 1306). */
export const registerGatewaysSchema = z.object({
  series: z.string().trim().min(1).max(50),
  model: z.string().trim().max(50).optional().default(''),
  gateways: z
    .array(
      z.object({
        sn: snSchema,
        verifyCode: verifyCodeSchema.optional(),
        mqttPassword: z.string().min(8).max(100).optional(),
      }),
    )
    .min(1),
});

export { snSchema, verifyCodeSchema };
