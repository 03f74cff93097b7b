import { z } from 'zod';
import { LIMITS } from '../timers';
import { formId, pagingSchema } from '../validation/form';
import { PROJECT_NAME_MAX, projectIdList } from './projectCalls';

/**
 * Equipment bound to a project (docs/requirements/projects.md §3.1: device id, title, key): the
 * `/lfscada/project/equip/*` calls. A device can be bound once per project (2611); its key names
 * it in the project (scripts, intermediate-variable formulas) and is unique in the project,
 * case-insensitively (2607). Binding needs `project_manage` and the device in the caller's data
 * range (another enterprise's or an unseen device is 1101). Reading the bound list with
 * `equip/queryAll` is also open to members of the project.
 */

/**
 * Longest key; a key is letters, digits and '_', not starting with a digit
 * (docs/requirements/projects.md §3.1).
 */
export const PROJECT_EQUIP_KEY_MAX = 32;
export const PROJECT_EQUIP_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const PROJECT_EQUIP_TITLE_MAX = 50;
/** Most devices bound by one equip/add. */
export const PROJECT_EQUIP_ADD_MAX = LIMITS.batchModules;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const projectEquipKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(PROJECT_EQUIP_KEY_MAX)
  .regex(PROJECT_EQUIP_KEY_PATTERN);

const keyword = z.preprocess(blank, z.string().trim().max(PROJECT_NAME_MAX).optional());

// --- calls -------------------------------------------------------------------------------------

/**
 * /lfscada/project/equip/queryNoBindEquip {projectId, keyword?, pageNum, pageSize} — devices the
 * caller may see that are not bound to the project, by name; `keyword` matches name or SN.
 */
export const projectEquipQueryNoBindSchema = pagingSchema.extend({ projectId: formId, keyword });
export type ProjectEquipQueryNoBindInput = z.infer<typeof projectEquipQueryNoBindSchema>;

/** One device to bind; without a key the server picks the first free `E<n>`; the title defaults to the device name. */
export const projectEquipAddItemSchema = z.object({
  equipmentId: formId,
  key: z.preprocess(blank, projectEquipKeySchema.optional()),
  title: z.preprocess(blank, z.string().trim().max(PROJECT_EQUIP_TITLE_MAX).optional()),
});

/**
 * /lfscada/project/equip/add {projectId, equips: [{equipmentId, key?, title?}]} — binds devices;
 * keys unique among themselves and in the project (2607), each device once (2611). Answers the
 * bound rows that were added, in the order given.
 */
export const projectEquipAddSchema = z.object({
  projectId: formId,
  equips: z.array(projectEquipAddItemSchema).min(1).max(PROJECT_EQUIP_ADD_MAX),
});
export type ProjectEquipAddInput = z.infer<typeof projectEquipAddSchema>;

/** /lfscada/project/equip/query {projectId, keyword?, pageNum, pageSize} — bound devices by key; `keyword` matches key, title, name or SN. */
export const projectEquipQuerySchema = pagingSchema.extend({ projectId: formId, keyword });
export type ProjectEquipQueryInput = z.infer<typeof projectEquipQuerySchema>;

/** /lfscada/project/equip/queryAll {projectId} — every bound device by key (designer, formulas, viewer). */
export const projectEquipQueryAllSchema = z.object({ projectId: formId });

/** /lfscada/project/equip/delete {projectId, equipmentIds} — unbinds devices (2610 if one is not bound). */
export const projectEquipDeleteSchema = z.object({
  projectId: formId,
  equipmentIds: projectIdList(PROJECT_EQUIP_ADD_MAX),
});
export type ProjectEquipDeleteInput = z.infer<typeof projectEquipDeleteSchema>;

/**
 * /lfscada/project/equip/updateKey {projectId, equipmentId, key, title?} — renames a bound
 * device's key (2607 when taken, 2610 when not bound) and, when given, its title. Answers the row.
 */
export const projectEquipUpdateKeySchema = z.object({
  projectId: formId,
  equipmentId: formId,
  key: projectEquipKeySchema,
  title: z.preprocess(blank, z.string().trim().max(PROJECT_EQUIP_TITLE_MAX).optional()),
});
export type ProjectEquipUpdateKeyInput = z.infer<typeof projectEquipUpdateKeySchema>;

// --- answers -----------------------------------------------------------------------------------

/** A device bound to a project. */
export const projectEquipRowSchema = z.object({
  projectId: z.number().int(),
  equipmentId: z.number().int(),
  /** the device's title in the project (defaults to its name) */
  title: z.string(),
  key: z.string(),
  /** the device's own name */
  name: z.string(),
  /** SN of its gateway, '' when none */
  sn: z.string(),
  /** its gateway's state; null = no gateway */
  gatewayStatus: z.enum(['online', 'offline', 'sleeping']).nullable(),
  createdAt: z.number(),
});
export type ProjectEquipRow = z.infer<typeof projectEquipRowSchema>;

/** A device that could be bound (queryNoBindEquip). */
export const projectBindableEquipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  gatewayStatus: z.enum(['online', 'offline', 'sleeping']).nullable(),
});
export type ProjectBindableEquip = z.infer<typeof projectBindableEquipSchema>;
