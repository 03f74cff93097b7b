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
}

export class LinkEvents extends EventEmitter<LinkEventMap> {}
