import type { Lang } from '@fieldhub/shared';
import { VERIFY_CODE_MINUTES } from '@fieldhub/shared';
import type { Config } from '../../config';
import { deliver, parseSmtpUrl, type SmtpTarget } from '../../monitor/notify/smtpProvider';
import { sendTencentSms, type TencentSmsConfig } from './tencentSms';

/**
 * How verification codes leave the platform (docs/requirements/account-security.md §3.4): e-mail
 * through the SMTP server of SMTP_URL (the alarm mails' client), SMS through the provider of
 * SMS_PROVIDER. A channel without a provider only records the message in the notification outbox.
 */
export interface CodeMessage {
  channel: 'sms' | 'email';
  to: string;
  code: string;
  lang: Lang;
}

export interface CodeDelivery {
  /** the provider's name per channel, `record` when none sends */
  provider(channel: 'sms' | 'email'): string;
  smsEnabled: boolean;
  /** sends one code; throws when the provider refuses */
  send(m: CodeMessage): Promise<void>;
  /** the title and body as the outbox records them */
  text(m: Pick<CodeMessage, 'code' | 'lang'>): { title: string; body: string };
}

const titles: Record<Lang, string> = {
  'zh-CN': 'FieldHub 验证码',
  'en-US': 'FieldHub verification code',
};
const bodies: Record<Lang, (code: string) => string> = {
  'zh-CN': (code) => `您的验证码是 ${code}，${VERIFY_CODE_MINUTES} 分钟内有效。如非本人操作，请忽略本消息。`,
  'en-US': (code) =>
    `Your verification code is ${code}. It is valid for ${VERIFY_CODE_MINUTES} minutes. If you did not ask for it, ignore this message.`,
};

export function tencentConfigOf(config: Config): TencentSmsConfig | null {
  if (config.SMS_PROVIDER !== 'tencent') return null;
  const { TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_TEMPLATE_ID } =
    config;
  if (
    !TENCENT_SMS_SECRET_ID ||
    !TENCENT_SMS_SECRET_KEY ||
    !TENCENT_SMS_SDK_APP_ID ||
    !TENCENT_SMS_TEMPLATE_ID
  )
    throw new Error(
      'SMS_PROVIDER=tencent needs TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID and TENCENT_SMS_TEMPLATE_ID',
    );
  return {
    secretId: TENCENT_SMS_SECRET_ID,
    secretKey: TENCENT_SMS_SECRET_KEY,
    sdkAppId: TENCENT_SMS_SDK_APP_ID,
    signName: config.TENCENT_SMS_SIGN_NAME,
    templateId: TENCENT_SMS_TEMPLATE_ID,
    region: config.TENCENT_SMS_REGION,
    endpoint: config.TENCENT_SMS_ENDPOINT,
  };
}

export function codeDeliveryFrom(config: Config): CodeDelivery {
  const smtp: SmtpTarget | null = config.SMTP_URL ? parseSmtpUrl(config.SMTP_URL, config.SMTP_FROM) : null;
  const tencent = tencentConfigOf(config);
  const text = ({ code, lang }: Pick<CodeMessage, 'code' | 'lang'>) => ({
    title: titles[lang],
    body: bodies[lang](code),
  });
  return {
    smsEnabled: tencent !== null,
    provider: (channel) =>
      channel === 'email' ? (smtp ? 'smtp' : 'record') : tencent ? 'tencent' : 'record',
    text,
    async send(m) {
      if (m.channel === 'email') {
        if (!smtp) return;
        const t = text(m);
        await deliver(smtp, m.to, t.title, t.body);
      } else if (tencent) {
        // the code template's parameters: the code and its minutes of validity; the signature's
        // timestamp is the wall clock's, which the provider compares with its own
        await sendTencentSms(tencent, m.to, [m.code, String(VERIFY_CODE_MINUTES)], new Date());
      }
    },
  };
}
