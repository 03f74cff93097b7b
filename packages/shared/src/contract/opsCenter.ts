import { z } from 'zod';
import { ALARM_LEVELS } from '../device/alarmRule';
import { projectUserRowSchema } from '../project/projectCalls';
import { answerTime, defineCalls } from './define';

/** Active alarms of a project's devices by level. */
export const opsAlarmLevels = z.object(
  Object.fromEntries(ALARM_LEVELS.map((l) => [l, z.number().int()])) as Record<
    (typeof ALARM_LEVELS)[number],
    z.ZodNumber
  >,
);

/**
 * A card of the operating centre's wall (docs/requirements/data-views.md §1.1): the project as the
 * operator list answers it, its bound devices online and offline, the active alarms of those devices
 * by level, the cover (the home page's thumbnail, a data: URL) and the last change of the project or
 * one of its pages.
 */
export const opsCardSchema = projectUserRowSchema.extend({
  devicesOnline: z.number().int(),
  devicesOffline: z.number().int(),
  alarms: opsAlarmLevels,
  cover: z.string().nullable(),
  lastChange: answerTime,
});
export type OpsCard = z.output<typeof opsCardSchema>;

/** The operating centre (docs/requirements/data-views.md §1): needs ops_center. */
export const opsCenterCalls = defineCalls('ops-center', {
  wall: {
    path: '/lfscada/monitor/oc/wall',
    output: z.array(opsCardSchema),
    access: { perm: 'ops_center' },
    summary:
      'The projects the caller operates as cards: devices online/offline, active alarms by level, cover',
  },
});
