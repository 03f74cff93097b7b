import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makePlatformOperator, startTestPlatform, type TestPlatform } from '../../test/harness';
import { made } from '../../test/deviceFixtures';

const SECRET = 'a-long-shared-secret-for-the-broker';
let p: TestPlatform;
let gw: { sn: string; mqttPassword: string };

const ask = async (url: string, body: Record<string, unknown>, secret = SECRET) => {
  const res = await p.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'x-mqtt-auth-secret': secret },
  });
  return { status: res.statusCode, result: res.json().result as string };
};

beforeAll(async () => {
  p = await startTestPlatform({
    MQTT_AUTH_SECRET: SECRET,
    MQTT_USERNAME: 'fieldhub-server',
    MQTT_PASSWORD: 'server-pass-123',
  });
  const operator = await loggedIn(p.app, (await makePlatformOperator(p.ctx.db)).operator);
  [gw] = (await made<{ sn: string; mqttPassword: string }[]>(operator, '/lfscada/hardware/register', {
    series: 'EG',
    gateways: [{ sn: '500000000001' }],
  })) as [typeof gw];
});
afterAll(() => p.stop());

describe('HTTP authentication for an external broker', () => {
  it('allows a gateway with its password and client id, and denies otherwise', async () => {
    expect(
      await ask('/lfscada/mqtt/auth', { username: gw.sn, password: gw.mqttPassword, clientid: gw.sn }),
    ).toEqual({ status: 200, result: 'allow' });
    expect(await ask('/lfscada/mqtt/auth', { username: gw.sn, password: 'nope', clientid: gw.sn })).toEqual({
      status: 403,
      result: 'deny',
    });
    expect(
      await ask('/lfscada/mqtt/auth', { username: gw.sn, password: gw.mqttPassword, clientid: 'other' }),
    ).toEqual({ status: 403, result: 'deny' });
    expect(
      await ask('/lfscada/mqtt/auth', { username: 'fieldhub-server', password: 'server-pass-123' }),
    ).toEqual({ status: 200, result: 'allow' });
  });

  it('denies everything without the shared secret', async () => {
    expect(
      await ask(
        '/lfscada/mqtt/auth',
        { username: gw.sn, password: gw.mqttPassword, clientid: gw.sn },
        'wrong',
      ),
    ).toEqual({ status: 403, result: 'deny' });
  });

  it('limits a gateway to its own up topics and down subscriptions', async () => {
    const acl = (topic: string, action: string) =>
      ask('/lfscada/mqtt/acl', { username: gw.sn, topic, action });
    expect((await acl(`iiot/v1/${gw.sn}/up/telemetry`, 'publish')).result).toBe('allow');
    expect((await acl(`iiot/v1/500000000002/up/telemetry`, 'publish')).result).toBe('deny');
    expect((await acl(`iiot/v1/${gw.sn}/down/cmd`, 'publish')).result).toBe('deny');
    expect((await acl(`iiot/v1/${gw.sn}/down/#`, 'subscribe')).result).toBe('allow');
    expect((await acl('iiot/v1/+/up/#', 'subscribe')).result).toBe('deny');
  });
});
