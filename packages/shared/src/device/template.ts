import { z } from 'zod';
import { REMARK_MAX } from '../auth/account';

export const templateSchema = z.object({
  name: z.string().trim().min(1).max(50),
  series: z.string().trim().min(1).max(50),
  type: z.enum(['public', 'private']).optional().default('private'),
  remark: z.string().trim().max(REMARK_MAX).optional().default(''),
});
export type TemplateInput = z.infer<typeof templateSchema>;
