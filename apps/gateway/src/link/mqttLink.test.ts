import net from 'node:net';
import { GATEWAY_PACKET_MAX_BYTES } from '@fieldhub/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../runtime/log';
import { MqttLink, PacketTooLargeError, publishPacketBytes } from './mqttLink';

describe('publishPacketBytes', () => {
  it('counts the fixed header, topic, packet id and payload of a QoS 1 publish', () => {
    // remaining length 2 + 1 + 2 + payload: one length byte up to 127, two from 128
    expect(publishPacketBytes('t', 'x'.repeat(122))).toBe(1 + 1 + 127);
    expect(publishPacketBytes('t', 'x'.repeat(123))).toBe(1 + 2 + 128);
    expect(publishPacketBytes('t', '温')).toBe(1 + 1 + 2 + 1 + 2 + 3);
  });
});

describe('MqttLink packet limit', () => {
  // a broker that accepts the connection and never answers: nothing can be sent through it
  const mute = net.createServer(() => undefined);
  let link: MqttLink;
  beforeAll(async () => {
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const { port } = mute.address() as net.AddressInfo;
    link = new MqttLink({
      brokerUrl: `mqtt://127.0.0.1:${port}`,
      sn: '300000000009',
      password: 'p',
      log: silentLogger,
    });
    link.start({ onConnect: () => undefined, onClose: () => undefined, onMessage: () => undefined });
  });
  afterAll(async () => {
    await link.stop(undefined, 100);
    await new Promise((resolve) => mute.close(resolve));
  });

  it('refuses a publish above GATEWAY_PACKET_MAX_BYTES instead of handing it to mqtt.js', async () => {
    const payload = 'x'.repeat(GATEWAY_PACKET_MAX_BYTES);
    await expect(link.publish('up/cmd/result', payload)).rejects.toBeInstanceOf(PacketTooLargeError);
  });
});
