import { randomUUID } from 'node:crypto';
import { connect as netConnect, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import type { NotificationProvider, OutgoingNotification } from './providers';

const TIMEOUT_MS = 30_000;

/** Where and how to reach the mail server: `smtp://[user:pass@]host[:25]` or `smtps://…[:465]`. */
export interface SmtpTarget {
  host: string;
  port: number;
  /** TLS from the first byte (smtps); otherwise STARTTLS when the server offers it */
  implicitTls: boolean;
  user: string;
  password: string;
  from: string;
}

export function parseSmtpUrl(url: string, from?: string): SmtpTarget {
  const u = new URL(url);
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new Error('SMTP_URL must be smtp:// or smtps://');
  const implicitTls = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : implicitTls ? 465 : 25,
    implicitTls,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    from: from ?? `fieldhub@${u.hostname}`,
  };
}

/** An SMTP reply: its code and text lines. */
interface Reply {
  code: number;
  lines: string[];
}

/** Reads SMTP replies (multi-line `250-…` up to `250 …`) off a socket. */
class ReplyReader {
  private buffer = '';
  private lines: string[] = [];
  private waiting: ((r: Reply | Error) => void) | null = null;
  private failure: Error | null = null;

  constructor(private socket: Socket | TLSSocket) {
    this.attach(socket);
  }

  /** Reads from the socket that replaced the plain one after STARTTLS. */
  attach(socket: Socket | TLSSocket): void {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => this.feed(chunk));
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('connection closed by the mail server')));
  }

  private feed(chunk: string) {
    this.buffer += chunk;
    let i: number;
    while ((i = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, i).replace(/\r$/, '');
      this.buffer = this.buffer.slice(i + 1);
      this.lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), lines: this.lines.map((l) => l.slice(4)) };
        this.lines = [];
        const w = this.waiting;
        this.waiting = null;
        w?.(reply);
      }
    }
  }

  private fail(err: Error) {
    this.failure ??= err;
    const w = this.waiting;
    this.waiting = null;
    w?.(err);
  }

  next(): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = (r) => (r instanceof Error ? reject(r) : resolve(r));
    });
  }

  /** Stops treating the old socket's close as a failure (it is being upgraded). */
  detach(): void {
    this.socket.removeAllListeners('data');
    this.socket.removeAllListeners('close');
    this.socket.removeAllListeners('error');
  }
}

const encodedWord = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
const wrap76 = (b64: string) => b64.replace(/.{1,76}/g, '$&\r\n');
// an address goes into a command line: nothing that could end the line or the <…>
const safeAddress = (a: string) => {
  if (!/^[^\s<>\r\n]+@[^\s<>\r\n]+$/.test(a)) throw new Error(`not an e-mail address: ${a}`);
  return a;
};

/** The RFC 5322 message: UTF-8 subject and body, the body in base64 (no line can start a "."). */
export function mailMessage(
  from: string,
  to: string,
  subject: string,
  body: string,
  at = new Date(),
): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${encodedWord(subject)}`,
    `Date: ${at.toUTCString()}`,
    `Message-ID: <${randomUUID()}@${hostname()}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(Buffer.from(body, 'utf8').toString('base64')),
  ].join('\r\n');
}

/** One mail, one connection: alarm mails are few, a pool would only hold idle sockets. */
export async function deliver(target: SmtpTarget, to: string, subject: string, body: string): Promise<void> {
  let socket: Socket | TLSSocket = target.implicitTls
    ? tlsConnect({ host: target.host, port: target.port, servername: target.host })
    : netConnect({ host: target.host, port: target.port });
  socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('mail server timed out')));
  const reader = new ReplyReader(socket);
  const expect = async (codes: number[], what: string) => {
    const reply = await reader.next();
    if (!codes.includes(reply.code)) throw new Error(`${what}: ${reply.code} ${reply.lines.join(' ')}`);
    return reply;
  };
  const command = async (line: string, codes: number[], what = line.split(' ')[0]!) => {
    socket.write(`${line}\r\n`);
    return expect(codes, what);
  };
  try {
    await expect([220], 'greeting');
    const helo = `EHLO ${hostname() || 'localhost'}`;
    let ehlo = await command(helo, [250]);
    if (!target.implicitTls && ehlo.lines.some((l) => /^STARTTLS\b/i.test(l))) {
      await command('STARTTLS', [220]);
      reader.detach();
      const plain = socket;
      socket = tlsConnect({ socket: plain, servername: target.host });
      socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('mail server timed out')));
      reader.attach(socket);
      ehlo = await command(helo, [250]);
    }
    if (target.user) {
      const token = Buffer.from(`\0${target.user}\0${target.password}`, 'utf8').toString('base64');
      await command(`AUTH PLAIN ${token}`, [235], 'AUTH');
    }
    await command(`MAIL FROM:<${safeAddress(target.from)}>`, [250]);
    await command(`RCPT TO:<${safeAddress(to)}>`, [250, 251]);
    await command('DATA', [354]);
    socket.write(`${mailMessage(target.from, to, subject, body)}\r\n.\r\n`);
    await expect([250], 'message');
    socket.write('QUIT\r\n');
  } finally {
    reader.detach();
    socket.on('error', () => undefined); // a late reset after QUIT changes nothing
    socket.end();
  }
}

function mailText(n: OutgoingNotification): string {
  const lines = [n.title, n.body];
  const { value, triggeredAt } = n.data;
  if (value !== undefined && value !== null) lines.push(`value: ${String(value)}`);
  if (typeof triggeredAt === 'number') lines.push(`time: ${new Date(triggeredAt).toISOString()}`);
  return lines.join('\n');
}

/** E-mail through the SMTP server of SMTP_URL (alarms of rules with the `message` method). */
export function smtpProvider(target: SmtpTarget): NotificationProvider {
  return {
    name: 'smtp',
    recordsOnly: false,
    send: (n: OutgoingNotification) => deliver(target, n.recipient, `${n.title}: ${n.body}`, mailText(n)),
  };
}
