import { describe, expect, it } from 'vitest';
import {
  gatewayDownFilter,
  gatewayMayPublish,
  gatewayMaySubscribe,
  parseTopic,
  serverShareGroup,
  topicFor,
  topicPrefixProblem,
  UP,
} from './topics';

const sn = '100000000001';

describe('topic prefix', () => {
  it('leaves the topics of the protocol as they are when empty', () => {
    expect(topicFor(sn, UP.status)).toBe(`iiot/v1/${sn}/up/status`);
    expect(gatewayDownFilter(sn)).toBe(`iiot/v1/${sn}/down/#`);
    expect(serverShareGroup('fieldhub')).toBe('fieldhub');
  });

  it('puts every topic, filter and share group of a platform under its prefix', () => {
    expect(topicFor(sn, UP.status, 'acme/p1')).toBe(`acme/p1/iiot/v1/${sn}/up/status`);
    expect(parseTopic(`acme/p1/iiot/v1/${sn}/down/cmd`, 'acme/p1')).toEqual({ sn, suffix: 'down/cmd' });
    expect(parseTopic(`iiot/v1/${sn}/down/cmd`, 'acme/p1')).toBeNull();
    expect(parseTopic(`other/iiot/v1/${sn}/down/cmd`, 'acme/p1')).toBeNull();
    expect(gatewayDownFilter(sn, 'acme')).toBe(`acme/iiot/v1/${sn}/down/#`);
    expect(serverShareGroup('fieldhub', 'acme/p1')).toBe('fieldhub.acme.p1');
  });

  it("lets a gateway reach only its own topics under the platform's prefix", () => {
    expect(gatewayMayPublish(sn, `acme/iiot/v1/${sn}/up/telemetry`, 'acme')).toBe(true);
    expect(gatewayMayPublish(sn, `iiot/v1/${sn}/up/telemetry`, 'acme')).toBe(false);
    expect(gatewayMayPublish(sn, `other/iiot/v1/${sn}/up/telemetry`, 'acme')).toBe(false);
    expect(gatewayMaySubscribe(sn, `acme/iiot/v1/${sn}/down/#`, 'acme')).toBe(true);
    expect(gatewayMaySubscribe(sn, `iiot/v1/${sn}/down/#`, 'acme')).toBe(false);
  });

  it('refuses wildcards, a leading $, empty levels and odd characters', () => {
    expect(topicPrefixProblem('')).toBeUndefined();
    expect(topicPrefixProblem('tenant_1/site-a.b')).toBeUndefined();
    expect(topicPrefixProblem('a/+')).toMatch(/wildcards/);
    expect(topicPrefixProblem('#')).toMatch(/wildcards/);
    expect(topicPrefixProblem('$share')).toMatch(/\$/);
    expect(topicPrefixProblem('a//b')).toMatch(/topic levels/);
    expect(topicPrefixProblem('a b')).toMatch(/topic levels/);
  });
});
