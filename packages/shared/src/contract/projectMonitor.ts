import { z } from 'zod';
import { commandTaskAnswerSchema } from '../commandPoll';
import {
  alarmRecordRowSchema,
  curveResultSchema,
  historyPageSchema,
  reportRecordPageSchema,
  monitorOpenResultSchema,
} from '../live/monitorCalls';
import {
  projectAlarmAllSchema,
  projectAlarmConfirmSchema,
  projectAlarmCountAnswerSchema,
  projectAlarmCountSchema,
  projectAlarmExportSchema,
  projectAlarmQuerySchema,
  projectAlarmRowSchema,
  projectCallbackSchema,
  projectCurveQuerySchema,
  projectDeviceSchema,
  projectDevicesSchema,
  projectEquipCountAnswerSchema,
  projectEquipCountSchema,
  projectGatewayOpenSchema,
  projectGatewayQuerySchema,
  projectGatewayRowSchema,
  projectHistoryAllSchema,
  projectHistoryExportSchema,
  projectHistoryQuerySchema,
  projectHistoryRowSchema,
  projectPageInfoAnswerSchema,
  projectPageInfoSchema,
  projectPagePasswordSchema,
  projectReportColsSchema,
  projectReportExportSchema,
  projectReportQuerySchema,
  projectSignalAnswerSchema,
  projectSignalQuerySchema,
  projectTokenSchema,
  projectWriteSchema,
} from '../projectMonitor/projectMonitorCalls';
import { listPageOf } from '../validation/form';
import { defineCalls, noData } from './define';

/**
 * The project page's live socket (docs/requirements/projects.md §7.2): this prefix and the
 * one-use token of `projectMonitorCalls.liveToken`. Frames are the messages of
 * projectMonitor/projectSocket.ts.
 */
export const PROJECT_LIVE_SOCKET_PATH = '/lfscada/ws/project/signal/subscribe/';

/** Answered when a file export is refused; a success is the .xlsx file itself. */
const xlsxFile = noData;

/**
 * Project monitoring (docs/requirements/projects.md §7, §9; docs/project-monitor-api.md): the calls
 * of a live project page. Access follows the page's or the project's access (ops_center members
 * or project_manage), checked in the server's service; the calls on one device or signal answer
 * 2610 for one not bound to the project.
 */
export const projectMonitorCalls = defineCalls('project-monitor', {
  gateways: {
    path: '/lfscada/monitor/project/gateway/query',
    input: projectGatewayQuerySchema,
    output: z.array(projectGatewayRowSchema),
    summary: "The gateway state of the page's devices, one row per bound device named",
  },
  open: {
    path: '/lfscada/monitor/project/gateway/open',
    input: projectGatewayOpenSchema,
    output: monitorOpenResultSchema,
    summary: 'Opens monitoring of a bound device for `delay` seconds (online gateways only)',
  },
  signals: {
    path: '/lfscada/monitor/project/signal/query',
    input: projectSignalQuerySchema,
    output: projectSignalAnswerSchema,
    summary: "The latest values of the page's signals and intermediate variables",
  },
  write: {
    path: '/lfscada/monitor/project/signal/writeVal',
    input: projectWriteSchema,
    output: z.object({ uuid: z.string() }),
    summary: 'Writes a value to a signal of a bound device; answers the task uuid to follow',
  },
  writeCallback: {
    path: '/lfscada/monitor/project/signal/callback',
    input: projectCallbackSchema,
    output: commandTaskAnswerSchema,
    summary: 'The state of a write task: waiting, or its outcome',
  },
  equipCount: {
    path: '/lfscada/monitor/project/equip/queryCount',
    input: projectEquipCountSchema,
    output: projectEquipCountAnswerSchema,
    summary: "The project's devices counted by gateway state and active alarms",
  },
  alarmCount: {
    path: '/lfscada/monitor/project/alarm/queryCount',
    input: projectAlarmCountSchema,
    output: projectAlarmCountAnswerSchema,
    summary: "Active alarms of the project's devices, signal and gateway",
  },
  alarms: {
    path: '/lfscada/monitor/project/alarm/query',
    input: projectAlarmQuerySchema,
    output: listPageOf(alarmRecordRowSchema),
    summary: 'A page of the alarm records of a bound device (designer rules by default)',
  },
  confirmAlarms: {
    path: '/lfscada/monitor/project/alarm/confirm',
    input: projectAlarmConfirmSchema,
    output: z.object({ confirmed: z.number().int() }),
    summary: 'Confirms alarms of bound devices, all or nothing',
  },
  pageInfo: {
    path: '/lfscada/monitor/project/page/info',
    input: projectPageInfoSchema,
    output: projectPageInfoAnswerSchema,
    summary: 'A project page as a viewer gets it (locked without its document until its password)',
  },
  validPagePassword: {
    path: '/lfscada/monitor/project/page/validPassword',
    input: projectPagePasswordSchema,
    output: noData,
    summary: 'Opens a password-protected project page for this login session',
  },
  history: {
    path: '/lfscada/monitor/project/history/query',
    input: projectHistoryQuerySchema,
    output: historyPageSchema,
    summary: 'Stored values of a bound device in a range, newest first, paged',
  },
  curve: {
    path: '/lfscada/monitor/project/queryAllForCurve',
    input: projectCurveQuerySchema,
    output: curveResultSchema,
    summary: 'Up to 10 variables of a bound device in a range, downsampled to about `width` points',
  },
  historyAll: {
    path: '/lfscada/monitor/project/history/queryAll',
    input: projectHistoryAllSchema,
    output: listPageOf(projectHistoryRowSchema).extend({ totalCapped: z.boolean() }),
    summary: 'Stored values of signals of any bound devices in a range, newest first, paged',
  },
  historyExport: {
    path: '/lfscada/monitor/project/queryAllData',
    input: projectHistoryExportSchema,
    output: xlsxFile,
    answer: 'file',
    summary: 'Stored values of signals of any bound devices in a range as an .xlsx file',
  },
  alarmsAll: {
    path: '/lfscada/monitor/project/alarm/queryAll',
    input: projectAlarmAllSchema,
    output: listPageOf(projectAlarmRowSchema),
    summary: 'A page of the alarm records of several bound devices, active first, then the newest',
  },
  alarmExport: {
    path: '/lfscada/monitor/project/alarm/export',
    input: projectAlarmExportSchema,
    output: xlsxFile,
    answer: 'file',
    summary: 'What alarm/queryAll selects as an .xlsx file (at most 50,000 records)',
  },
  reportColumns: {
    path: '/lfscada/monitor/project/report/queryCols',
    input: projectReportColsSchema,
    output: reportRecordPageSchema.shape.columns,
    summary: "The variables of a bound device's report with their aggregation",
  },
  reportRecords: {
    path: '/lfscada/monitor/project/custom/report/data/query',
    input: projectReportQuerySchema,
    output: reportRecordPageSchema,
    summary: "Records of a bound device's historical report in a range, newest first, paged",
  },
  reportExport: {
    path: '/lfscada/monitor/project/custom/report/data/export',
    input: projectReportExportSchema,
    output: xlsxFile,
    answer: 'file',
    summary: "The records of a bound device's historical report in a range as an .xlsx file",
  },
  devices: {
    path: '/lfscada/monitor/project/queryAll',
    input: projectDevicesSchema,
    output: z.array(projectDeviceSchema),
    summary: 'Every device bound to the project with its gateway state and active alarms, by title',
  },
  liveToken: {
    path: '/lfscada/websocket/monitor/project/token',
    input: projectTokenSchema,
    output: z.string(),
    summary: `A one-use token (valid 60 s) for the project page's socket ${PROJECT_LIVE_SOCKET_PATH}{token}`,
  },
});
