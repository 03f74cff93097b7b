import { EventEmitter } from 'node:events';
import type { BusMessage, MsgBusEvent } from '@fieldhub/shared';

/**
 * The live event bus (DESIGN.md §1): what one server instance ingests reaches the websockets of
 * every instance. In process by default; over Redis pub/sub with REDIS_URL (redisBus.ts).
 */
export interface LiveBus {
  publish(msg: BusMessage): Promise<void>;
  /** returns the unsubscribe function */
  subscribe(handler: (msg: BusMessage) => void): () => void;
  /** message-centre events (new messages, read state changed), beside the device messages */
  publishMsg(event: MsgBusEvent): Promise<void>;
  /** returns the unsubscribe function */
  subscribeMsg(handler: (event: MsgBusEvent) => void): () => void;
  close(): Promise<void>;
}

export function inProcessBus(): LiveBus {
  const emitter = new EventEmitter<{ msg: [BusMessage]; centre: [MsgBusEvent] }>();
  emitter.setMaxListeners(0);
  return {
    async publish(msg) {
      emitter.emit('msg', msg);
    },
    subscribe(handler) {
      emitter.on('msg', handler);
      return () => emitter.off('msg', handler);
    },
    async publishMsg(event) {
      emitter.emit('centre', event);
    },
    subscribeMsg(handler) {
      emitter.on('centre', handler);
      return () => emitter.off('centre', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
