import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  loggedIn,
  makeEnterprise,
  makePlatformOperator,
  startTestPlatform,
  type TestPlatform,
} from '../../../test/harness';
import { deviceWithGateway, made, modbusDriver } from '../../../test/deviceFixtures';
import { good, variableWithRule } from '../../../test/alarmFixtures';
import { parseSmtpUrl, smtpProvider } from './smtpProvider';

/**
 * A mail server speaking SMTP over TCP (greeting, EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT) that
 * keeps what it accepted. Recipients containing "reject" are refused with 550, as a server
 * refuses an unknown mailbox.
 */
interface Received {
  auth: string | null;
  from: string;
  to: string;
  data: string;
}
function mailServer(): Promise<{ server: Server; port: number; mails: Received[] }> {
  const mails: Received[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail: Received = { auth: null, from: '', to: '', data: '' };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 mail.test ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(mail);
          mail = { auth: mail.auth, from: '', to: '', data: '' };
          say('250 queued');
          continue;
        }
        const i = buffer.indexOf('\r\n');
        if (i < 0) return;
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const [verb] = line.split(' ');
        if (verb === 'EHLO') say('250-mail.test\r\n250 AUTH PLAIN');
        else if (verb === 'AUTH') {
          mail.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          say('235 accepted');
        } else if (line.startsWith('MAIL FROM:')) {
          mail.from = line.slice(10);
          say('250 ok');
        } else if (line.startsWith('RCPT TO:')) {
          mail.to = line.slice(8);
          say(line.includes('reject') ? '550 no such mailbox' : '250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 go ahead');
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, mails });
    }),
  );
}

/** The decoded subject and body of a received message. */
function decoded(data: string): { subject: string; body: string; headers: string } {
  const [headers = '', body = ''] = data.split('\r\n\r\n');
  const word = /Subject: =\?UTF-8\?B\?([^?]+)\?=/.exec(headers)?.[1] ?? '';
  return {
    headers,
    subject: Buffer.from(word, 'base64').toString('utf8'),
    body: Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8'),
  };
}

let mail: Awaited<ReturnType<typeof mailServer>>;
beforeAll(async () => {
  mail = await mailServer();
});
afterAll(() => new Promise<void>((resolve) => mail.server.close(() => resolve())));

describe('SMTP provider', () => {
  it('hands a UTF-8 alarm mail to the server with the login of SMTP_URL', async () => {
    const provider = smtpProvider(
      parseSmtpUrl(`smtp://alarm%40ops:s3cret@127.0.0.1:${mail.port}`, 'alarms@fieldhub.test'),
    );
    const before = mail.mails.length;
    await provider.send({
      channel: 'email',
      recipient: 'operator@plant.test',
      title: '锅炉 1',
      body: '温度过高',
      data: { value: 92, triggeredAt: Date.UTC(2024, 0, 2, 3, 4, 5) },
    });
    const got = mail.mails[before]!;
    expect(got).toMatchObject({
      auth: '\0alarm@ops\0s3cret',
      from: '<alarms@fieldhub.test>',
      to: '<operator@plant.test>',
    });
    const { subject, body, headers } = decoded(got.data);
    expect(subject).toBe('锅炉 1: 温度过高');
    expect(body).toBe('锅炉 1\n温度过高\nvalue: 92\ntime: 2024-01-02T03:04:05.000Z');
    expect(headers).toContain('To: operator@plant.test');
  });

  it('fails with the server’s answer when it refuses the recipient', async () => {
    const provider = smtpProvider(parseSmtpUrl(`smtp://127.0.0.1:${mail.port}`));
    await expect(
      provider.send({ channel: 'email', recipient: 'reject@plant.test', title: 't', body: 'b', data: {} }),
    ).rejects.toThrow(/550 no such mailbox/);
  });

  it('refuses an address that would break the command line', async () => {
    const provider = smtpProvider(parseSmtpUrl(`smtp://127.0.0.1:${mail.port}`));
    await expect(
      provider.send({
        channel: 'email',
        recipient: 'a@b.test>\r\nRCPT TO:<x@y.test',
        title: 't',
        body: 'b',
        data: {},
      }),
    ).rejects.toThrow(/not an e-mail address/);
  });
});

describe('alarm e-mails with SMTP_URL', () => {
  let p: TestPlatform;
  afterAll(() => p?.stop());

  it('e-mails the alarm to the authorised accounts with an address and records each outcome', async () => {
    p = await startTestPlatform({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      SMTP_FROM: 'alarms@fieldhub.test',
    });
    const { admin: adminName, adminId } = await makeEnterprise(p.ctx.db, 'Mail Works');
    const admin = await loggedIn(p.app, adminName);
    const operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);
    await p.ctx.db.query("update accounts set email = 'boss@plant.test' where id = $1", [adminId]);
    const equipmentId = (await deviceWithGateway(admin, operator, 'Kiln')).id;
    const driverId = await modbusDriver(admin, { equipmentId });
    const roleId = (
      await made(admin, '/lfscada/role/add', {
        name: 'Operators',
        roleType: 'operation',
        dataRange: 'self',
        permissions: ['monitor_view'],
      })
    ).id;
    const bad = (
      await made(admin, '/lfscada/account/add', {
        segment: 'int',
        loginname: 'gone-away',
        roleId,
        email: 'reject@plant.test',
        password: TEST_PASSWORD,
      })
    ).id;
    await made(admin, '/lfscada/equipment/multi/auth/add', { equipmentId, accountIds: [bad] });

    const rule = await variableWithRule(admin, equipmentId, driverId, {
      condition: 'gt',
      value: 900,
      content: 'Kiln overheating',
      methods: ['message'],
    });
    const before = mail.mails.length;
    await p.ctx.monitor.ingest(equipmentId, [good(rule.variableId, Date.now(), 950)], false);
    await p.ctx.monitor.alarms.flushNotifications();

    const rows = await p.ctx.db.query<{
      account_id: number;
      recipient: string;
      status: string;
      error: string;
    }>(
      "select account_id, recipient, status, error from notification_outbox where channel = 'email' order by account_id",
    );
    expect(rows).toEqual([
      { account_id: adminId, recipient: 'boss@plant.test', status: 'sent', error: '' },
      {
        account_id: bad,
        recipient: 'reject@plant.test',
        status: 'pending',
        error: expect.stringMatching(/550/),
      },
    ]);
    const sent = mail.mails.slice(before).map((m) => [m.to, decoded(m.data).subject]);
    expect(sent).toEqual([['<boss@plant.test>', 'Kiln: Kiln overheating']]);
  });
});
