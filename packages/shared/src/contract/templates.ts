import { z } from 'zod';
import { templateSchema } from '../device/template';
import { formId, listPageOf, pagingSchema } from '../validation/form';
import { answerTime, createdId, defineCalls, noData } from './define';

/** A template with how many devices use it. */
export const templateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  series: z.string(),
  type: z.enum(['public', 'private']),
  remark: z.string(),
  ownerLoginname: z.string().nullable(),
  configVersion: z.number().int(),
  /** devices bound to the template */
  deviceCount: z.number().int(),
  /** bound devices whose configuration differs from the template's */
  mismatchCount: z.number().int(),
  variableCount: z.number().int(),
  createdAt: answerTime,
});

/** A device bound to a template (template detail). */
export const templateDeviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the device carries the template's current configuration */
  consistent: z.boolean(),
});

const listQuery = pagingSchema.extend({
  name: z.string().trim().max(50).optional(),
  series: z.string().trim().max(50).optional(),
});
const manage = { perm: 'template_manage' } as const;
const base = '/lfscada/template';

/** Templates of /manage/eg/template (docs/requirements/devices-and-gateways.md §12). */
export const templatesCalls = defineCalls('templates', {
  listForManage: {
    path: `${base}/queryForManage`,
    input: listQuery,
    output: listPageOf(templateRow),
    access: manage,
    summary: 'A page of the templates the caller may manage, by name and series',
  },
  list: {
    path: `${base}/query`,
    // the device wizard's template choice reads them all at once
    input: listQuery.extend({ pageSize: z.coerce.number().int().min(1).max(500).default(500) }),
    output: listPageOf(templateRow),
    summary: 'Templates a device may be bound to (readable by device managers too)',
  },
  detail: {
    path: `${base}/detail`,
    input: z.object({ id: formId }),
    output: templateRow.extend({ devices: z.array(templateDeviceRow) }),
    access: manage,
    summary: 'One template with the devices bound to it',
  },
  add: {
    path: `${base}/add`,
    input: templateSchema,
    output: createdId,
    access: manage,
    summary: 'Adds a template of a gateway series',
  },
  edit: {
    path: `${base}/edit`,
    input: templateSchema.extend({ id: formId }),
    output: noData,
    access: manage,
    summary: 'Edits a template (its series is fixed once devices use it)',
  },
  remove: {
    path: `${base}/delete`,
    input: z.object({ id: formId }),
    output: noData,
    access: manage,
    summary: 'Deletes a template no device uses',
  },
});
