import { z } from 'zod';
import { liveMessageSchema } from '../live/messages';

/**
 * Messages of the project socket `/lfscada/ws/project/signal/subscribe/{token}`
 * (docs/requirements/projects.md §7.2, issue 8), server → browser, JSON text frames. First a snapshot: one
 * `signalVal` frame per watched device with the held values of the page's signals (maybe none), then one
 * `mvarVal` frame with the page's mvars (when it named any);
 * then changes, at most one `signalVal` frame per device and one `mvarVal` frame per 100 ms
 * (latest value each), the alarms of the page's devices as they happen, and `{type:'idle'}` every
 * 60 s. A refused token closes with 4001 and the catalogue code as reason (as the device socket).
 */
export const mvarValueSchema = z.object({
  mvarId: z.number().int(),
  value: z.number(),
  ts: z.number().int().nullable(),
});

/** New values of intermediate variables of one project (also a live-bus message). */
export const mvarValMessageSchema = z.object({
  type: z.literal('mvarVal'),
  projectId: z.number().int(),
  values: z.array(mvarValueSchema),
});
export type MvarValMessage = z.infer<typeof mvarValMessageSchema>;

export const projectLiveMessageSchema = z.union([liveMessageSchema, mvarValMessageSchema]);
export type ProjectLiveMessage = z.infer<typeof projectLiveMessageSchema>;
