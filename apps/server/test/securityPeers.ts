/**
 * The delivery peers of the security tests: a real SMTP server keeping what it received, and a local
 * HTTP server that checks Tencent Cloud's TC3-HMAC-SHA256 signature as the provider does
 * (docs/requirements/account-security.md §3).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

// ---- a real SMTP server keeping what it received ---------------------------------------------

interface Mail {
  to: string;
  raw: string;
}
export const mails: Mail[] = [];
let smtp: SMTPServer;

/** The text of a received mail (base64 body after the headers). */
export function mailText(m: Mail): string {
  const [, body = ''] = m.raw.split(/\r?\n\r?\n/);
  return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
}
export const lastMailTo = (to: string) => [...mails].reverse().find((m) => m.to === to);
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

// ---- Tencent Cloud SMS, checking the signature the way the provider describes it -------------

const SECRET_ID = 'AKIDtestsecretid0001';
const SECRET_KEY = 'testSecretKey0123456789abcdef';
interface Sms {
  tel: string;
  params: string[];
}
const smsSent: Sms[] = [];
/** numbers the provider refuses (daily limit reached), as +86… */
export const refusedNumbers = new Set<string>();
let tencent: Server;

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const mac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/** Why the provider would refuse the request's signature, or null when it verifies. */
function signatureFault(req: IncomingMessage, body: string): string | null {
  const auth = req.headers.authorization ?? '';
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'AuthFailure.InvalidAuthorization';
  const [, id, date, signedHeaders, signature] = m;
  if (id !== SECRET_ID) return 'AuthFailure.SecretIdNotFound';
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
    return 'AuthFailure.SignatureExpire';
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'AuthFailure.SignatureFailure';
  if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11')
    return 'InvalidAction';
  const names = signedHeaders!.split(';');
  if (!names.includes('content-type') || !names.includes('host')) return 'AuthFailure.SignatureFailure';
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .toLowerCase()}\n`,
    )
    .join('');
  const canonical = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${hex(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hex(canonical)}`;
  const key = mac(mac(mac(`TC3${SECRET_KEY}`, date!), 'sms'), 'tc3_request');
  const expected = createHmac('sha256', key).update(toSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature!, 'hex')) ? null : 'AuthFailure.SignatureFailure';
}

function startTencent(): Promise<string> {
  tencent = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const fault = signatureFault(req, body);
      if (fault) {
        res.end(JSON.stringify({ Response: { Error: { Code: fault, Message: 'refused' }, RequestId: 'r' } }));
        return;
      }
      const p = JSON.parse(body) as {
        PhoneNumberSet: string[];
        TemplateParamSet: string[];
        SmsSdkAppId: string;
      };
      const tel = p.PhoneNumberSet[0]!;
      const code = refusedNumbers.has(tel) ? 'LimitExceeded.PhoneNumberDailyLimit' : 'Ok';
      if (code === 'Ok') smsSent.push({ tel, params: p.TemplateParamSet });
      res.end(
        JSON.stringify({
          Response: { SendStatusSet: [{ Code: code, Message: code, PhoneNumber: tel }], RequestId: 'r' },
        }),
      );
    });
  });
  return new Promise((resolve) =>
    tencent.listen(0, '127.0.0.1', () => {
      const a = tencent.address();
      resolve(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
    }),
  );
}
export const lastSmsTo = (tel: string) => [...smsSent].reverse().find((s) => s.tel === `+86${tel}`);

/** Starts both peers; answers the platform settings that send through them. */
export async function startSecurityPeers(): Promise<Record<string, string>> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) mails.push({ to: r.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  const tencentUrl = await startTencent();
  return {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMTP_FROM: 'noreply@fieldhub.test',
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: SECRET_ID,
    TENCENT_SMS_SECRET_KEY: SECRET_KEY,
    TENCENT_SMS_SDK_APP_ID: '1400000000',
    TENCENT_SMS_SIGN_NAME: 'FieldHub',
    TENCENT_SMS_TEMPLATE_ID: '100001',
    TENCENT_SMS_ENDPOINT: tencentUrl,
  };
}

export async function stopSecurityPeers(): Promise<void> {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise<void>((resolve) => tencent?.close(() => resolve()));
}

/** The security calls' paths (docs/account-security-api.md). */
export const S = '/org/SecurityMessageAction!';
export const SMS = '/org/SMSVerifycodeAction!';
export const MAIL = '/org/EmailVerifycodeAction!getEmailCode.action';
export const INTERNAL = '/org/AccountInternalAction!';
