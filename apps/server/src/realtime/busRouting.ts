import type { BusMessage, MsgBusEvent } from '@fieldhub/shared';
import type { LiveBus } from '../monitor/liveBus';
import type { RealtimeHub } from './realtimeHub';

/** A feed of device or project values: takes bus messages as they come. */
export interface ValueFeed {
  push(msg: BusMessage): void;
}

/** A feed of an account's messages: hears that messages came or the counts moved. */
export interface AccountFeed {
  announce(messageId: number): void;
  countsChanged(): void;
}

/**
 * Hands what the bus carries (from this instance or, with Redis, any other) to the hub's feeds by
 * topic: a device's values and alarms to `device:<id>`, a project's intermediate variables to
 * `project:<id>`, message events to `account:<id>`. Returns the unsubscribe function.
 */
export function routeBusToHub(bus: LiveBus, hub: RealtimeHub): () => void {
  const offValues = bus.subscribe((msg) => {
    const topic =
      msg.type === 'mvarVal' ? (`project:${msg.projectId}` as const) : (`device:${msg.equipmentId}` as const);
    hub.publish<ValueFeed>(topic, (feed) => feed.push(msg));
  });
  const offMessages = bus.subscribeMsg((event: MsgBusEvent) => {
    switch (event.type) {
      case 'msgCreated':
        for (const { accountId, messageId } of event.items)
          hub.publish<AccountFeed>(`account:${accountId}`, (feed) => feed.announce(messageId));
        return;
      case 'msgChanged':
        for (const accountId of event.accountIds)
          hub.publish<AccountFeed>(`account:${accountId}`, (feed) => feed.countsChanged());
        return;
      default: {
        const unknown: never = event;
        void unknown;
      }
    }
  });
  return () => {
    offValues();
    offMessages();
  };
}
