import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11) with its request signature
 * TC3-HMAC-SHA256, written from the provider's public description of the signing steps
 * (docs/requirements/account-security.md §3.4):
 *
 * 1. canonical request: method, `/`, empty query, the canonical headers (`content-type` and
 *    `host`, lower-case names, trimmed values, each line ending in `\n`), the signed header names
 *    (`content-type;host`) and the lower-case hex SHA-256 of the body, joined by `\n`;
 * 2. string to sign: `TC3-HMAC-SHA256`, the timestamp, the credential scope
 *    `<UTC date>/<service>/tc3_request` and the hex SHA-256 of the canonical request;
 * 3. signing key: HMAC-SHA256 chained from `TC3<SecretKey>` over the date, the service and
 *    `tc3_request`; the signature is the hex HMAC of the string to sign with it;
 * 4. `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<scope>, SignedHeaders=content-type;host, Signature=<hex>`.
 */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** https://sms.tencentcloudapi.com, or a local server in tests */
  endpoint: string;
}

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const SMS_SERVICE = 'sms';
export const SMS_VERSION = '2021-01-11';
export const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** The UTC date (YYYY-MM-DD) of a Unix timestamp in seconds, as the credential scope carries it. */
export const utcDate = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

/** The signature of one request (step 1–3 above). */
export function tc3Signature(p: {
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  timestamp: number;
}): { signature: string; scope: string; signedHeaders: string } {
  const signedHeaders = 'content-type;host';
  const canonicalHeaders = `content-type:${p.contentType.trim()}\nhost:${p.host.trim()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(p.payload)].join(
    '\n',
  );
  const date = utcDate(p.timestamp);
  const scope = `${date}/${p.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(p.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const secretDate = hmac(`TC3${p.secretKey}`, date);
  const secretService = hmac(secretDate, p.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  return { signature, scope, signedHeaders };
}

/** A number in E.164 as the API wants it; a number without a country code is taken as mainland China's. */
export const e164 = (tel: string) => (tel.startsWith('+') ? tel : `+86${tel}`);

/** Sends one SMS of the code template; a refusal of the API throws with its code and message. */
export async function sendTencentSms(
  cfg: TencentSmsConfig,
  tel: string,
  params: string[],
  now: Date,
): Promise<void> {
  const url = new URL(cfg.endpoint);
  const payload = JSON.stringify({
    PhoneNumberSet: [e164(tel)],
    SmsSdkAppId: cfg.sdkAppId,
    SignName: cfg.signName,
    TemplateId: cfg.templateId,
    TemplateParamSet: params,
  });
  const timestamp = Math.floor(now.getTime() / 1000);
  const { signature, scope, signedHeaders } = tc3Signature({
    secretKey: cfg.secretKey,
    service: SMS_SERVICE,
    host: url.host,
    contentType: CONTENT_TYPE,
    payload,
    timestamp,
  });
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `${TC3_ALGORITHM} Credential=${cfg.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
      'Content-Type': CONTENT_TYPE,
      'X-TC-Action': 'SendSms',
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Version': SMS_VERSION,
      'X-TC-Region': cfg.region,
    },
    body: payload,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await res.json().catch(() => null)) as {
    Response?: {
      Error?: { Code: string; Message: string };
      SendStatusSet?: { Code: string; Message: string }[];
    };
  } | null;
  const error = answer?.Response?.Error;
  if (error) throw new Error(`Tencent SMS: ${error.Code} ${error.Message}`);
  const status = answer?.Response?.SendStatusSet?.[0];
  if (!res.ok || !status) throw new Error(`Tencent SMS: HTTP ${res.status}`);
  if (status.Code !== 'Ok') throw new Error(`Tencent SMS: ${status.Code} ${status.Message}`);
}
