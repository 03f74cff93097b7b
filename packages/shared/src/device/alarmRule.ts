import { z } from 'zod';
import { formBool } from '../validation/form';

/** Conditions of an alarm rule; `within`/`outside` use value and value2, bit ones use value as bit index. */
export const ALARM_CONDITIONS = [
  'gt',
  'ge',
  'lt',
  'le',
  'eq',
  'ne',
  'within',
  'outside',
  'bitSet',
  'bitClear',
] as const;
export type AlarmCondition = (typeof ALARM_CONDITIONS)[number];
export const ALARM_LEVELS = ['info', 'normal', 'serious', 'urgent'] as const;
export const ALARM_METHODS = ['message', 'sms', 'phone', 'voice'] as const;
export const ALARM_CONTENT_MAX = 100;

const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : v),
  z.coerce.number().finite().nullable(),
);

/**
 * The rule types an alarm list asks for: one of them, or 'all' of those whose permission key the
 * caller holds (an alarm table widget lists every alarm of its devices the reader may see).
 */
export const ALARM_RULE_TYPE_FILTERS = ['00', '01', 'all'] as const;
export type AlarmRuleTypeFilter = (typeof ALARM_RULE_TYPE_FILTERS)[number];

/**
 * An alarm rule (docs/requirements/device-configuration.md §4.1, §4.2): rule type '00' equipment info, '01'
 * designer.
 */
export const alarmRuleSchema = z
  .object({
    variableId: z.coerce.number().int().positive(),
    ruleType: z.enum(['00', '01']).optional().default('00'),
    condition: z.enum(ALARM_CONDITIONS),
    value: optionalNumber.optional().default(null),
    value2: optionalNumber.optional().default(null),
    level: z.enum(ALARM_LEVELS).optional().default('normal'),
    content: z.string().trim().min(1).max(ALARM_CONTENT_MAX),
    methods: z
      .union([z.array(z.enum(ALARM_METHODS)), z.enum(ALARM_METHODS)])
      .optional()
      .default(['message'])
      .transform((m) => [...new Set(Array.isArray(m) ? m : [m])]),
    /** consecutive samples meeting the condition before the alarm is raised */
    filterCount: z.coerce.number().int().min(1).max(100).optional().default(1),
    voiceLoops: z.coerce.number().int().min(1).max(10).optional().default(1),
    enabled: formBool.optional().default(true),
  })
  .superRefine((r, ctx) => {
    if (r.value === null) ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
    if (
      (r.condition === 'within' || r.condition === 'outside') &&
      (r.value2 === null || r.value === null || !(r.value2 > r.value))
    ) {
      ctx.addIssue({ code: 'custom', path: ['value2'], message: 'value2 must exceed value' });
    }
    if (
      (r.condition === 'bitSet' || r.condition === 'bitClear') &&
      (r.value === null || !Number.isInteger(r.value) || r.value < 0 || r.value > 63)
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'bit index 0-63' });
    }
  });
export type AlarmRuleInput = z.infer<typeof alarmRuleSchema>;
