import { configAckSchema, UP } from '@fieldhub/shared';
import { applyConfigAck } from '../gatewayConfig';
import { defineUplink } from './uplinkRouter';

/**
 * `up/config/ack`, the answer to `down/config`: an applied configuration becomes the one the
 * gateway runs, and the sync task that sent it succeeds or fails with the gateway's code
 * (gatewayConfig). Only this gateway's tasks are looked at.
 */
export const configAckUplink = defineUplink({
  suffix: UP.configAck,
  what: 'config ack',
  schema: configAckSchema,
  async handle(deps, sn, ack) {
    await applyConfigAck(deps.db, deps.clock, sn, ack);
  },
});
