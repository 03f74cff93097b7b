import { z } from 'zod';
import { ipSchema, portSchema } from './network';

export const PROTOCOLS = ['modbus-tcp', 'modbus-rtu', 's7', 'opcua'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const BYTE_ORDERS_16 = ['AB', 'BA'] as const;
export const BYTE_ORDERS_32 = ['ABCD', 'CDAB', 'BADC', 'DCBA'] as const;
export const BYTE_ORDERS_64 = ['ABCDEFGH', 'GHEFCDAB', 'BADCFEHG', 'HGFEDCBA'] as const;
export const STRING_ENCODINGS = ['ascii', 'utf8', 'gbk', 'utf16be', 'utf16le'] as const;

const common = {
  name: z.string().trim().min(1).max(50),
  brand: z.string().trim().max(50).optional().default(''),
  model: z.string().trim().max(50).optional().default(''),
  /** shortest collection cycle, ms */
  minCollectMs: z.coerce.number().int().min(50).max(3_600_000).optional().default(1000),
  /** wait for a reply before a time-out, ms */
  commWaitMs: z.coerce.number().int().min(50).max(60_000).optional().default(1000),
};

const byteOrders = {
  byteOrder16: z.enum(BYTE_ORDERS_16).optional().default('AB'),
  byteOrder32: z.enum(BYTE_ORDERS_32).optional().default('ABCD'),
  byteOrder64: z.enum(BYTE_ORDERS_64).optional().default('ABCDEFGH'),
  stringEncoding: z.enum(STRING_ENCODINGS).optional().default('ascii'),
};

const modbusBlock = {
  /** read adjacent registers in one request (up to 125), bridging gaps up to blockGap */
  blockCollect: z.boolean().optional().default(true),
  blockGap: z.coerce.number().int().min(0).max(100).optional().default(10),
  slaveId: z.coerce.number().int().min(0).max(255).optional().default(1),
};

export const SERIAL_PARITIES = ['none', 'even', 'odd'] as const;

export const modbusTcpSchema = z.object({
  ...common,
  protocol: z.literal('modbus-tcp'),
  ip: ipSchema,
  port: portSchema.optional().default(502),
  ...modbusBlock,
  ...byteOrders,
});

export const modbusRtuSchema = z.object({
  ...common,
  protocol: z.literal('modbus-rtu'),
  /** serial port on the gateway, e.g. /dev/ttyS1 or COM1 */
  serialPort: z.string().trim().min(1).max(100),
  baudRate: z.coerce
    .number()
    .int()
    .refine((b) => [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200].includes(b))
    .optional()
    .default(9600),
  dataBits: z.coerce
    .number()
    .int()
    .refine((b) => b === 7 || b === 8)
    .optional()
    .default(8),
  parity: z.enum(SERIAL_PARITIES).optional().default('none'),
  stopBits: z.coerce
    .number()
    .int()
    .refine((b) => b === 1 || b === 2)
    .optional()
    .default(1),
  ...modbusBlock,
  ...byteOrders,
});

export const s7Schema = z.object({
  ...common,
  protocol: z.literal('s7'),
  ip: ipSchema,
  port: portSchema.optional().default(102),
  rack: z.coerce.number().int().min(0).max(7).optional().default(0),
  slot: z.coerce.number().int().min(0).max(31).optional().default(1),
  /** PLC family, which fixes the connection (TSAP) type */
  frameType: z
    .enum(['S7-200', 'S7-200Smart', 'S7-300', 'S7-400', 'S7-1200', 'S7-1500'])
    .optional()
    .default('S7-1200'),
  stringEncoding: z.enum(STRING_ENCODINGS).optional().default('ascii'),
});

export const OPCUA_POLICIES = [
  'None',
  'Basic128Rsa15',
  'Basic256',
  'Basic256Sha256',
  'Aes128_Sha256_RsaOaep',
  'Aes256_Sha256_RsaPss',
] as const;

export const opcuaSchema = z
  .object({
    ...common,
    protocol: z.literal('opcua'),
    endpoint: z
      .string()
      .trim()
      .regex(/^opc\.tcp:\/\/[^\s/]+(:\d+)?(\/\S*)?$/, 'opc.tcp://host:port/path'),
    securityPolicy: z.enum(OPCUA_POLICIES).optional().default('None'),
    securityMode: z.enum(['None', 'Sign', 'SignAndEncrypt']).optional().default('None'),
    authMode: z.enum(['anonymous', 'username']).optional().default('anonymous'),
    username: z.string().trim().max(100).optional().default(''),
    password: z.string().max(100).optional().default(''),
    /** client certificate and private key (PEM text), for signed or encrypted sessions */
    certificate: z
      .string()
      .max(1024 * 1024)
      .optional()
      .default(''),
    privateKey: z
      .string()
      .max(1024 * 1024)
      .optional()
      .default(''),
  })
  .superRefine((d, ctx) => {
    if (d.authMode === 'username' && !d.username)
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'required' });
    if ((d.securityPolicy === 'None') !== (d.securityMode === 'None')) {
      ctx.addIssue({
        code: 'custom',
        path: ['securityMode'],
        message: 'policy and mode must both be None or both set',
      });
    }
  });

/** A driver: the fields of docs/requirements/device-configuration.md §2.1 per protocol. */
export const driverSchema = z.discriminatedUnion('protocol', [
  modbusTcpSchema,
  modbusRtuSchema,
  s7Schema,
  opcuaSchema,
]);
export type DriverInput = z.infer<typeof driverSchema>;

/** Secrets of a driver that are never sent back to the browser. */
export const DRIVER_SECRET_FIELDS = ['password', 'privateKey'] as const;
