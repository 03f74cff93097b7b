import { z } from 'zod';
import { optionalId } from '../validation/form';

export const GROUP_NAME_MAX = 30;

export const groupSchema = z.object({
  name: z.string().trim().min(1).max(GROUP_NAME_MAX),
  parentId: optionalId.optional().default(null),
  seq: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});
export type GroupInput = z.infer<typeof groupSchema>;
