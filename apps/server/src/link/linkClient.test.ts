/**
 * The platform's session at an external broker (linkClient.ts): it reads its uplinks one at a
 * time, each acknowledged once handled, so under a backlog the broker's PINGRESP waits behind
 * uplinks in the socket. The publishes read meanwhile show the broker alive: the session is not
 * dropped on its keepalive (a full-size fleet run lost its sessions 359 times so, each handing its
 * unacknowledged uplinks over again).
 */
import { afterEach, expect, it } from 'vitest';
import { topicFor, UP } from '@fieldhub/shared';
import { freePort, until } from '@fieldhub/testkit';
import { startEmbeddedBroker, type EmbeddedBroker } from './embeddedBroker';
import { startLinkClient, type BrokerClient } from './linkClient';

let broker: EmbeddedBroker | undefined;
let link: BrokerClient | undefined;
afterEach(async () => {
  await link?.close();
  await broker?.close();
});

it('keeps its session while uplinks queued behind each other outlast the keepalive', async () => {
  const server = { username: 'fieldhub-server', password: 'server-secret-123' };
  const silent = { warn() {}, error() {}, info() {} };
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
