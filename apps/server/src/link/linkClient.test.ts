/**
 * The platform's session at an external broker (linkClient.ts): it reads its uplinks one at a
 * time, each acknowledged once handled, so under a backlog the broker's PINGRESP waits behind
 * uplinks in the socket. The publishes read meanwhile show the broker alive: the session is not
 * dropped on its keepalive (a full-size fleet run lost its sessions 359 times so, each handing its
 * unacknowledged uplinks over again). And its downlinks go out on a session of their own.
 */
import mqtt from 'mqtt';
import { afterEach, expect, it } from 'vitest';
import { DOWN, topicFor, UP } from '@fieldhub/shared';
import { freePort, Mosquitto, until } from '@fieldhub/testkit';
import { startEmbeddedBroker, type EmbeddedBroker } from './embeddedBroker';
import { startLinkClient, type BrokerClient } from './linkClient';

let broker: EmbeddedBroker | undefined;
let mosquitto: Mosquitto | undefined;
let link: BrokerClient | undefined;
afterEach(async () => {
  await link?.close();
  await broker?.close();
  await mosquitto?.stop();
});

const silent = { warn() {}, error() {}, info() {} };
const SN = '310000000001';

it('keeps its session while uplinks queued behind each other outlast the keepalive', async () => {
  const server = { username: 'fieldhub-server', password: 'server-secret-123' };
  broker = await startEmbeddedBroker({
    port: await freePort(),
    host: '127.0.0.1',
    maxPacketBytes: 1 << 20,
    connectTimeoutMs: 5000,
    server,
    verifyGateway: async () => false,
    onUplink: async () => {},
    log: silent,
  });
  const handled: string[] = [];
  const errors: string[] = [];
  let connects = 0;
  let probed = false;
  link = await startLinkClient({
    url: `mqtt://127.0.0.1:${broker.port}`,
    ...server,
    shareGroup: null,
    clientId: 'fieldhub-keepalive-test',
    keepaliveS: 1,
    // each uplink takes 300 ms to store: eight queued take 2.4 s, past the 1.5 s keepalive timeout
    onUplink: async (_topic, payload) => {
      if (payload.toString() === 'probe') return void (probed = true);
      await new Promise((r) => setTimeout(r, 300));
      handled.push(payload.toString());
    },
    log: {
      ...silent,
      info: (_obj, msg) => void (msg === 'link connected' && connects++),
      warn: (obj) => void errors.push(String((obj as { err?: unknown }).err)),
    },
  });
  // subscribed once a probe comes through
  await until('subscribed', async () => {
    await broker!.publish(topicFor('310000000001', UP.report), Buffer.from('probe'));
    return probed || undefined;
  });
  const sent = Array.from({ length: 8 }, (_, i) => `uplink ${i}`);
  for (const body of sent) await broker.publish(topicFor('310000000001', UP.report), Buffer.from(body));
  await until('every uplink handled', async () => handled.length >= sent.length || undefined, 10_000);
  expect(errors).toEqual([]);
  expect(connects).toBe(1);
  expect(handled).toEqual(sent);
});

it("sends downlinks on a session of its own, acknowledged while the group's sessions work through their uplinks", async () => {
  mosquitto = await Mosquitto.start();
  const handled: string[] = [];
  link = await startLinkClient({
    url: mosquitto.url,
    username: 'fieldhub-server',
    password: 'unused',
    shareGroup: 'keepalive-test',
    sessions: 2,
    clientId: 'fieldhub-downlink-test',
    // each uplink takes 200 ms to store: ten queued behind the two sessions take a second
    onUplink: async (_topic, payload) => {
      await new Promise((r) => setTimeout(r, 200));
      handled.push(payload.toString());
    },
    log: silent,
  });
  const gateway = await mqtt.connectAsync(mosquitto.url, { clientId: SN, reconnectPeriod: 0 });
  try {
    const received: string[] = [];
    gateway.on('message', (_topic, payload) => received.push(payload.toString()));
    await gateway.subscribeAsync(topicFor(SN, DOWN.cmd), { qos: 1 });
    // the group's subscriptions are in place once a first uplink is handled
    await until('subscribed', async () => {
      await gateway.publishAsync(topicFor(SN, UP.report), 'probe', { qos: 1 });
      return handled.length > 0 || undefined;
    });
    // probes sent meanwhile may still come: only the uplinks below count
    const uplinks = () => handled.filter((h) => h.startsWith('uplink')).length;
    for (let i = 0; i < 10; i++)
      await gateway.publishAsync(topicFor(SN, UP.report), `uplink ${i}`, { qos: 1 });
    await until('the sessions at work', async () => uplinks() > 0 || undefined);
    await link.publishDown(SN, DOWN.cmd, { type: 'time' });
    // acknowledged before the sessions were through (on one of theirs, after its queued uplinks)
    expect(uplinks()).toBeLessThan(5);
    await until('the gateway has it', async () => received.length > 0 || undefined);
    expect(received).toEqual([JSON.stringify({ type: 'time' })]);
    await until('every uplink handled', async () => uplinks() === 10 || undefined, 10_000);
  } finally {
    await gateway.endAsync();
  }
});
