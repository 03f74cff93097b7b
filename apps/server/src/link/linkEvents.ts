import { EventEmitter } from 'node:events';

/** What the link tells the rest of the server (alarms, live views, message centre). */
export interface LinkEventMap {
  gatewayStatus: [{ sn: string; equipmentId: number | null; status: 'online' | 'offline' | 'sleeping' }];
  values: [
    {
      equipmentId: number;
      items: { variableId: number; ts: number; value: number | string | null; quality: number }[];
      hist: boolean;
    },
  ];
  /**
   * An uplink handled (stored, or dropped as the router drops what it cannot take), just before
   * its acknowledgement; `topic` as the gateway published it. On an external broker a gateway's
   * PUBACK comes from the broker before this.
   */
  uplinkHandled: [{ topic: string; payload: Buffer }];
}

export class LinkEvents extends EventEmitter<LinkEventMap> {}
