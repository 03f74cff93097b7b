import path from 'node:path';
import { z } from 'zod';
import { GATEWAY_PACKET_MAX_BYTES, SERVER_SHARE_GROUP, topicPrefixSchema, type Lang } from '@fieldhub/shared';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** Every environment variable the server reads, parsed once. */
const envSchema = z.object({
  /** HTTP port of the API, the websockets and the web app. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Address to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database and other local state live. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when absent the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  /** Port of the embedded MQTT broker for gateways (used when MQTT_URL is absent). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /**
   * Largest MQTT packet (fixed header included) the embedded broker takes from any client, before
   * or after login: a client announcing a bigger one is disconnected before the body is read. At
   * least what a gateway may send (GATEWAY_PACKET_MAX_BYTES). An external broker has its own
   * setting (Mosquitto: max_packet_size).
   */
  MQTT_MAX_PACKET_BYTES: z.coerce
    .number()
    .int()
    .min(GATEWAY_PACKET_MAX_BYTES)
    .max(268_435_460)
    .default(1_048_576),
  /** Milliseconds the embedded broker waits for a new connection's CONNECT before dropping it. */
  MQTT_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /**
   * How far ahead of the platform's clock a gateway's sample may be dated before it is refused
   * (docs/requirements/gateway-link.md §4.3); the platform corrects a gateway's clock well before.
   */
  CLOCK_SKEW_TOLERANCE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  /**
   * Address at which gateways reach this server's HTTP port (firmware downloads); absent, the
   * address the browser used for the upgrade call.
   */
  PUBLIC_URL: optionalUrl,
  /** External MQTT broker; when set the embedded broker is not started. */
  MQTT_URL: optionalUrl,
  /** The server's login on an external broker (MQTT_URL). */
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  /** The server's MQTT client id; stable per instance so its session survives a restart. */
  MQTT_CLIENT_ID: z.string().min(1).max(100).optional(),
  /**
   * Topic levels put before every topic of the gateway link (`{prefix}/iiot/v1/{sn}/…`), so several
   * platforms (tenants, test runs) share one broker without seeing each other's gateways
   * (docs/requirements/gateway-link.md §2.5). The gateways get the same (--topic-prefix). Empty:
   * the topics of docs/gateway-protocol.md as they are.
   */
  MQTT_TOPIC_PREFIX: topicPrefixSchema.default(''),
  /**
   * The shared subscription group of the server instances on an external broker (docs/scale-out.md):
   * every instance of one platform uses the same; two platforms (or test runs) on one broker differ.
   * With MQTT_TOPIC_PREFIX the group on the broker is this followed by the prefix (serverShareGroup).
   */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _')
    .default(SERVER_SHARE_GROUP),
  /**
   * MQTT sessions each instance opens in the share group (`MQTT_CLIENT_ID`, `-2`, `-3`…): a session
   * stores one uplink at a time before acknowledging it, so this is how many it stores at once.
   */
  // 8 fell behind at 50,000 values/s (10,000 gateways), 48 kept up (docs/scale-out.md, Measured)
  MQTT_SESSIONS: z.coerce.number().int().min(1).max(64).default(48),
  /**
   * Lease of an instance's MQTT sessions, renewed every third of it while they are connected: a
   * session not renewed for this long is taken over by another instance (docs/scale-out.md).
   */
  MQTT_SESSION_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /**
   * External broker: an uplink whose handling failed (the database down) is not acknowledged; its
   * session is dropped after this many ms, doubling with each failure in a row up to 10 s, and
   * reconnects so the broker delivers it again (linkClient.ts).
   */
  MQTT_UPLINK_RETRY_MS: z.coerce.number().int().min(10).max(10_000).default(500),
  /** Shared secret an external broker sends (header x-mqtt-auth-secret) to /lfscada/mqtt/auth and /acl. */
  MQTT_AUTH_SECRET: z.string().min(16).optional(),
  /** Mosquitto password and ACL files the server keeps current for an external Mosquitto. */
  MQTT_PASSWORD_FILE: z.string().optional(),
  MQTT_ACL_FILE: z.string().optional(),
  /** PID file of that Mosquitto: it is sent SIGHUP to reload the files after a change. */
  MQTT_BROKER_PID_FILE: z.string().optional(),
  /** Redis for live fan-out between server instances; when absent an in-process bus is used. */
  REDIS_URL: optionalUrl,
  /** Prefix of the Redis channel names, so several platforms (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().trim().min(1).max(100).default('fieldhub:'),
  /**
   * Mail server for alarm e-mails (smtp://user:pass@host:587 with STARTTLS when offered, or
   * smtps://…:465). Absent: alarms are not e-mailed; SMS, phone and voice are only recorded.
   */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender address of alarm e-mails (default fieldhub@ the SMTP host). */
  SMTP_FROM: z.email().optional(),
  /**
   * SMS provider for verification codes (docs/requirements/account-security.md §3.4): `tencent`
   * (Tencent Cloud SMS, API 3.0 SendSms with TC3-HMAC-SHA256 signing). Absent: codes are only
   * recorded in the notification outbox and the security centre shows its `nosms` variant.
   */
  SMS_PROVIDER: z.enum(['tencent']).optional(),
  /** Tencent Cloud API key (SecretId and SecretKey) of SMS_PROVIDER=tencent. */
  TENCENT_SMS_SECRET_ID: z.string().trim().min(1).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().trim().min(1).optional(),
  /** SMS application (SmsSdkAppId), signature name and the code template (parameters: code, minutes). */
  TENCENT_SMS_SDK_APP_ID: z.string().trim().min(1).optional(),
  TENCENT_SMS_SIGN_NAME: z.string().trim().default(''),
  TENCENT_SMS_TEMPLATE_ID: z.string().trim().min(1).optional(),
  TENCENT_SMS_REGION: z.string().trim().min(1).default('ap-guangzhou'),
  /** The API's address (default https://sms.tencentcloudapi.com). */
  TENCENT_SMS_ENDPOINT: z.url().default('https://sms.tencentcloudapi.com'),
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Minutes of inactivity after which a login session ends. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** Directory of the built web app; served with history-mode fallback when it exists. */
  WEB_DIST: z.string().optional(),
  /** Create the demo enterprise on first start of an empty database ('false' to skip). */
  DEMO_SEED: z.stringbool().default(true),
  /**
   * Check every call's answer against the output schema of its contract before it is sent
   * (development and tests): a mismatch is logged with the field and answered as an internal error.
   */
  CHECK_ANSWERS: z.stringbool().default(false),
  /** Run the demo enterprise's gateways as simulated gateway processes ('false' to skip). */
  DEMO_GATEWAYS: z.stringbool().default(true),
  /**
   * Port of the simulated plant's Modbus TCP server that the demo gateways run and the demo
   * devices' drivers read; taken when the demo is created, so set it before the first start.
   */
  DEMO_PLANT_PORT: z.coerce.number().int().min(1).max(65535).default(5020),
  /**
   * Language of the demo enterprise's names, pages, alarms and texts (zh-CN or en-US), taken when
   * the demo is created; absent, the system's (see systemLang).
   */
  DEMO_LANG: z.enum(['zh-CN', 'en-US'] satisfies Lang[]).optional(),
  /**
   * How often the scheduler runs periodic jobs (expiry reminders of projects, API keys and IoT
   * cards), in ms. One instance runs them at a time, whichever holds the database lease.
   */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).default(60_000),
  /**
   * How often the curve rollups are brought up to date, in ms (docs/requirements/gateway-link.md
   * §10.4); 0: never (curves then always read their points). One instance runs them at a time.
   */
  ROLLUP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || (n >= 50 && n <= 3_600_000), 'between 50 and 3600000, or 0')
    .default(60_000),
  /**
   * IANA time zone whose hours, days and months bound the periods of data summary variables and the
   * "today" of the summary screen (docs/requirements/data-views.md §2).
   */
  SUMMARY_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'not an IANA time zone'),
  /**
   * Map tiles (docs/requirements/data-views.md §5.2): a Leaflet URL template of the OpenStreetMap
   * kind (https://tile.example.org/{z}/{x}/{y}.png, `{s}` for subdomains). Absent, and no
   * MAP_TILE_DIR: the map draws its bundled world outline only.
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^(https?:\/\/|\/)/, 'an http(s) URL or a path of this server')
        .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'needs {z}, {x} and {y}')
        .optional(),
    ),
  /**
   * A directory of offline tiles `{z}/{x}/{y}.png` (or .jpg, .jpeg, .webp) served by this server
   * under /lfscada/map/tiles to accounts with map_view; takes precedence over MAP_TILE_URL.
   */
  MAP_TILE_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? path.resolve(v) : undefined)),
  /** Attribution shown on the map for the tiles (their licence usually asks for one). */
  MAP_TILE_ATTRIBUTION: z.string().trim().max(300).default(''),
  /** Highest zoom level the tiles exist for. */
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(18),
  /**
   * The weather widget's provider (docs/requirements/widgets.md §4.6), an Open-Meteo compatible
   * forecast API asked for `current=` values; the default is Open-Meteo's free service, which needs
   * no key. With WEATHER_API_KEY set it is sent as `apikey` (Open-Meteo's commercial
   * https://customer-api.open-meteo.com/v1/forecast).
   */
  WEATHER_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.open-meteo.com/v1/forecast'),
  /** The provider's geocoding API that turns a city name into coordinates. */
  WEATHER_GEOCODING_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://geocoding-api.open-meteo.com/v1/search'),
  WEATHER_API_KEY: z.string().trim().max(200).default(''),
  /** How long the server waits for the weather provider before answering 1910. */
  WEATHER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Set cookies with the Secure flag (behind HTTPS). */
  COOKIE_SECURE: z.stringbool().default(false),
  /**
   * SameSite attribute of the session cookie: strict (default) never sends it with a request
   * started by another site; lax only when a page of another site links here (docs/security.md).
   */
  COOKIE_SAMESITE: z.enum(['strict', 'lax']).default('strict'),
  /**
   * Origins besides the server's own (scheme://host[:port], comma-separated) whose pages may make
   * state-changing calls with the session cookie, e.g. the public address behind a proxy.
   */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((u) => new URL(u).origin))),
  /**
   * Public key (Ed25519, PEM) that signs licence files (docs/requirements/account-security.md §6);
   * absent, the project's built-in vendor key. Make your own pair with scripts/license.mjs.
   */
  LICENSE_PUBLIC_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/\\n/g, '\n') : undefined)),
  /** Without a valid licence, nothing limited (users, gateways, variables) may be added: 90100. */
  LICENSE_REQUIRED: z.stringbool().default(false),
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host are believed (comma-separated addresses or
   * CIDR ranges, e.g. 127.0.0.1,10.0.0.0/8); none by default, so a client cannot set its own IP.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DEMO_LANG'> & {
  /** DEMO_LANG, or the system's language when it is not set */
  DEMO_LANG: Lang;
  webDist: string;
  /** MQTT_PORT was set: the embedded broker must get exactly that port */
  mqttPortExplicit: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  return {
    ...parsed.data,
    DEMO_LANG: parsed.data.DEMO_LANG ?? systemLang(env),
    webDist,
    mqttPortExplicit: env.MQTT_PORT !== undefined && env.MQTT_PORT !== '',
  };
}

/**
 * The system's language as far as the demo is concerned: Chinese when its locale is Chinese
 * (the first of LC_ALL, LC_MESSAGES and LANG that is set, as POSIX orders them; none set, the
 * one Intl reports), English otherwise.
 */
export function systemLang(
  env: NodeJS.ProcessEnv,
  intlLocale = Intl.DateTimeFormat().resolvedOptions().locale,
): Lang {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v) ?? intlLocale;
  return locale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}
