import type { FastifyInstance } from 'fastify';
import { designerSettingsSchema } from '@fieldhub/hmi';
import { AppError, DESIGNER_SETTINGS_KEY, Err, userCalls, type Lang } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle, parseInput } from '../../http/route';
import { userInfoOf } from '../auth/userInfo';
import { addFeedback, saveDisplaySettings, saveUserConfig, userConfigValue } from './user.service';

const CONFIG_VALUE_MAX = 64 * 1024;

const defaultTitle: Record<Lang, string> = {
  'zh-CN': 'FieldHub 工业物联网平台',
  'en-US': 'FieldHub Industrial IoT',
};

/** Stored designer settings completed with the defaults; a stored value that no longer fits reads as defaults. */
function designerSettingsOf(stored: unknown) {
  const parsed = designerSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : designerSettingsSchema.parse({});
}

/** Designer settings to store: the given fields over the defaults; a wrong field is 10001. */
function designerSettingsInput(value: unknown, lang: Lang) {
  return parseInput(designerSettingsSchema, value ?? {}, lang);
}

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  // Per-account settings (designer options, message settings, ...), stored as JSON by key.
  handle(app, userCalls.configQuery, async ({ input, auth }) => {
    const value = await userConfigValue(db, auth.accountId, input.key);
    // the designer settings always answer complete, with the defaults of
    // docs/requirements/pages-and-designer.md §10.1 for what is unset
    if (input.key === DESIGNER_SETTINGS_KEY) return designerSettingsOf(value);
    return value ?? null;
  });

  handle(app, userCalls.configSave, async ({ input, auth, lang }) => {
    // form bodies carry the value as a JSON string, JSON bodies as the value itself
    let value = input.value ?? null;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        // a plain string is a valid setting too
      }
    }
    if (input.key === DESIGNER_SETTINGS_KEY) value = designerSettingsInput(value, lang);
    const text = JSON.stringify(value);
    if (text.length > CONFIG_VALUE_MAX) throw new AppError(Err.outOfRange);
    await saveUserConfig(db, auth.accountId, input.key, text);
    return null;
  });

  // Display and notification preferences held on the account (they are part of the user info).
  handle(app, userCalls.settingsSave, async ({ input, auth, req }) => {
    await saveDisplaySettings(db, auth, req.ip, input);
    return userInfoOf(db, auth.accountId);
  });

  // The theme: a default until branding (styles) arrives; public because the login page needs it.
  handle(app, userCalls.loadStyle, async ({ lang }) => ({
    isNew: false,
    title: defaultTitle[lang],
    faviconIco: '/favicon.svg',
    webLoginPath: '',
    webMainPath: '',
  }));

  handle(app, userCalls.feedback, async ({ input, auth, req }) => {
    // an insert answers its row, so the id is always there (addFeedback types it loosely)
    return { id: (await addFeedback(db, auth, req.ip, input))! };
  });
}
