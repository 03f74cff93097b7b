import { z } from 'zod';
import { groupSchema } from '../device/group';
import { formId } from '../validation/form';
import { createdId, defineCalls, noData } from './define';

/** A device group of the enterprise's flat list (order: seq desc, id). */
export const groupRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  seq: z.number().int(),
  /** devices directly in this group */
  deviceCount: z.number().int(),
});

const manage = { perm: 'equipment_manage' } as const;

/** Device groups (docs/requirements/devices-and-gateways.md §8, §12): a tree of at most 10 levels, 500 children per parent. */
export const groupCalls = defineCalls('groups', {
  list: {
    path: '/lfscada/equipment/group/query',
    output: z.array(groupRow),
    summary: "The enterprise's device groups as a flat list (the tree is built from parentId)",
  },
  add: {
    path: '/lfscada/equipment/group/add',
    input: groupSchema,
    output: createdId,
    access: manage,
    summary: 'Adds a group',
  },
  edit: {
    path: '/lfscada/equipment/group/edit',
    input: groupSchema.extend({ id: formId }),
    output: noData,
    access: manage,
    summary: 'Renames or moves a group',
  },
  remove: {
    path: '/lfscada/equipment/group/delete',
    input: z.object({ id: formId }),
    output: noData,
    access: manage,
    summary: 'Deletes an empty group',
  },
});
