import { z } from 'zod';
import { FEEDBACK_MIN_LENGTH, PROMPT_TYPES, userInfoSchema } from '../auth/account';
import { formBool } from '../validation/form';
import { createdId, defineCalls, noData } from './define';

const configKey = z.string().trim().min(1).max(100);

/** The display and notification preferences held on the account (part of the user info). */
export const displaySettingsSchema = z.object({
  equipDisplay: z.enum(['card', 'list']),
  scadaAdaption: formBool,
  prompType: z
    .union([z.array(z.enum(PROMPT_TYPES)), z.enum(PROMPT_TYPES), z.literal('')])
    .optional()
    .transform((v) => (Array.isArray(v) ? [...new Set(v)] : v ? [v] : [])),
});

export const feedbackSchema = z.object({
  content: z.string().trim().min(FEEDBACK_MIN_LENGTH).max(2000),
  contact: z.string().trim().max(100).optional().default(''),
});

/** The loaded theme (docs/requirements/commerce-and-branding.md §6.1). */
export const themeSchema = z.object({
  isNew: z.boolean(),
  title: z.string(),
  faviconIco: z.string(),
  webLoginPath: z.string(),
  webMainPath: z.string(),
});

/** The account's own settings, the theme and feedback (docs/requirements/accounts-and-login.md §5, §6, §8). */
export const userCalls = defineCalls('user', {
  configQuery: {
    path: '/lfscada/user/config/query',
    input: z.object({ key: configKey }),
    // the designer settings answer complete, with their defaults (docs/requirements/pages-and-designer.md §10.1)
    output: z.unknown(),
    summary: 'One per-account setting stored as JSON by key (null when unset)',
  },
  configSave: {
    path: '/lfscada/user/config/save',
    // a form body carries the value as JSON text, a JSON body as the value itself
    input: z.object({ key: configKey, value: z.unknown() }),
    output: noData,
    summary: 'Stores one per-account setting (at most 64 KB of JSON)',
  },
  settingsSave: {
    path: '/lfscada/user/settings/save',
    input: displaySettingsSchema,
    output: userInfoSchema,
    body: 'form',
    summary: 'Saves the device list display, page fitting and alarm prompts; answers the new user info',
  },
  loadStyle: {
    path: '/lfscada/style/loadStyle',
    output: themeSchema,
    // the login page needs it
    access: { public: true, readsSession: true },
    body: 'form',
    summary: 'The theme: title, favicon, login and main page paths',
  },
  feedback: {
    path: '/lfscada/feedback/add',
    input: feedbackSchema,
    output: createdId,
    body: 'form',
    summary: 'Sends feedback about the platform',
  },
});
