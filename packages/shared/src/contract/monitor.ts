import { z } from 'zod';
import { listPageOf } from '../validation/form';
import {
  curveQuerySchema,
  curveResultSchema,
  historyExportSchema,
  historyPageSchema,
  historyQuerySchema,
  monitorCardAllSchema,
  monitorCardQuerySchema,
  monitorDeviceCardSchema,
  monitorEquipmentSchema,
  monitorGatewayInfoSchema,
  monitorGroupNodeSchema,
  monitorOpenResultSchema,
  monitorOpenSchema,
  monitorSignalSchema,
  reportExportSchema,
  reportRecordPageSchema,
  reportRecordQuerySchema,
} from '../live/monitorCalls';
import { defineCalls, noData } from './define';

/**
 * The device's live socket (docs/requirements/monitoring.md §5.1): this prefix and the one-use
 * token of `monitorCalls.liveToken`. Frames are the messages of live/messages.ts.
 */
export const LIVE_SOCKET_PATH = '/lfscada/ws/eg/signal/subscribe/';

const view = { perm: 'monitor_view' } as const;
/** Answered when a file export is refused; a success is the .xlsx file itself. */
const xlsxFile = noData;

/**
 * The monitoring calls of docs/requirements/monitoring.md §10: the monitor list, one device's
 * real-time data, its history and the live socket's token. Devices are those the caller may see
 * (another enterprise's device answers 1101); docs/monitor-api.md shows each with an example.
 */
export const monitorCalls = defineCalls('monitor', {
  groups: {
    path: '/lfscada/monitor/group/query',
    output: z.array(monitorGroupNodeSchema),
    access: view,
    summary: "The enterprise's group tree with each group's visible and online device counts",
  },
  cards: {
    path: '/lfscada/monitor/equipment/query',
    input: monitorCardQuerySchema,
    output: listPageOf(monitorDeviceCardSchema),
    access: view,
    summary: 'A page of device cards matching the filters, followed devices first',
  },
  cardsByGroup: {
    path: '/lfscada/monitor/equipment/queryByGroup',
    input: monitorCardQuerySchema,
    output: listPageOf(monitorDeviceCardSchema),
    access: view,
    summary: 'A page of device cards matching the filters (same as equipment/query)',
  },
  allCards: {
    path: '/lfscada/monitor/equipment/queryAllByGroup',
    input: monitorCardAllSchema,
    output: z.array(monitorDeviceCardSchema),
    access: view,
    summary: 'Every device card matching the filters, at most 5000',
  },
  mapCards: {
    path: '/lfscada/monitor/equipment/queryAllForMap',
    input: monitorCardAllSchema,
    output: z.array(monitorDeviceCardSchema),
    // the map's data (docs/requirements/data-views.md §5.4): `/map` is a public route, its data is not
    access: { perm: 'map_view' },
    summary: 'The matching devices that have a position (own or the gateway base station), at most 5000',
  },
  follow: {
    path: '/lfscada/monitor/equipment/setFollow',
    input: monitorEquipmentSchema,
    output: noData,
    access: view,
    summary: 'Follows a device (its card comes first)',
  },
  unfollow: {
    path: '/lfscada/monitor/equipment/cancleFollow',
    input: monitorEquipmentSchema,
    output: noData,
    access: view,
    summary: 'Stops following a device (the spelling is the original API)',
  },
  signals: {
    path: '/lfscada/monitor/multi/signal/query',
    input: monitorEquipmentSchema,
    output: z.array(monitorSignalSchema),
    access: view,
    summary: "The device's variables with their latest value, time and quality",
  },
  gatewayInfo: {
    path: '/lfscada/monitor/multi/gateway/info',
    input: monitorEquipmentSchema,
    output: monitorGatewayInfoSchema,
    access: view,
    summary: "The device's gateway: status, signal, location, firmware; 2001 without a gateway",
  },
  open: {
    path: '/lfscada/monitor/multi/open',
    input: monitorOpenSchema,
    output: monitorOpenResultSchema,
    access: view,
    summary: 'Opens monitoring of the device for `interval` seconds (online gateways only)',
  },
  history: {
    path: '/lfscada/monitor/multi/history/query',
    input: historyQuerySchema,
    output: historyPageSchema,
    access: view,
    summary: 'Stored values of the device in a range (30 days at most), newest first, paged',
  },
  reportRecords: {
    path: '/lfscada/monitor/multi/report/query',
    input: reportRecordQuerySchema,
    output: reportRecordPageSchema,
    access: view,
    summary: "Records of one of the device's historical reports in a range, newest first, paged",
  },
  reportExport: {
    path: '/lfscada/monitor/multi/report/export',
    input: reportExportSchema,
    output: xlsxFile,
    access: view,
    answer: 'file',
    summary: "The records of one of the device's historical reports in a range as an .xlsx file",
  },
  curve: {
    path: '/lfscada/monitor/multi/curve/query',
    input: curveQuerySchema,
    output: curveResultSchema,
    access: view,
    summary: 'Up to 10 variables in a range, downsampled to about `width` points per series',
  },
  historyExport: {
    path: '/lfscada/monitor/multi/history/export',
    input: historyExportSchema,
    output: xlsxFile,
    access: view,
    answer: 'file',
    summary: 'Stored values of the device in a range as an .xlsx file',
  },
  liveToken: {
    path: '/lfscada/websocket/monitor/token',
    input: monitorEquipmentSchema,
    output: z.string(),
    access: view,
    summary: `A one-use token (valid 60 s) for the device's live socket ${LIVE_SOCKET_PATH}{token}`,
  },
});
