import { configAckSchema, Err, UP } from '@fieldhub/shared';
import { applyConfigAck } from '../gatewayConfig';
import { refusedMessage } from '../uplinkRefusals';
import { defineUplink } from './uplinkRouter';

/**
 * `up/config/ack`, the answer to `down/config`: an applied configuration becomes the one the
 * gateway runs, and the sync task that sent it succeeds or fails with the gateway's code
 * (gatewayConfig). Only this gateway's tasks are looked at; an ack of a configuration never sent
 * to it is refused (1366, on `down/refused`) and changes nothing.
 */
export const configAckUplink = defineUplink({
  suffix: UP.configAck,
  what: 'config ack',
  schema: configAckSchema,
  async handle(deps, sn, ack) {
    if (await applyConfigAck(deps.db, deps.clock, sn, ack)) return;
    if ((await deps.gatewayOf(sn)) === null) return;
    deps.log.warn({ sn, version: ack.version, hash: ack.hash }, 'config ack of a configuration never sent');
    const message = refusedMessage({ topic: UP.configAck, version: ack.version, hash: ack.hash }, [
      { code: Err.configAckNotSent },
    ]);
    deps.afterUplink('refusal report', () => deps.refusals.report(sn, message));
  },
});
