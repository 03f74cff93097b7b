/**
 * The designer settings kept with the account (`userCalls.configQuery` and `configSave`).
 */
import { DESIGNER_SETTINGS_KEY, userCalls } from '@fieldhub/shared';
import { DEFAULT_DESIGNER_SETTINGS, designerSettingsSchema, type DesignerSettings } from '@fieldhub/hmi';
import { callApi } from '../../../app/request';

/** The account's designer settings, complete (the server fills in the defaults). */
export async function loadSettings(): Promise<DesignerSettings> {
  const stored = await callApi(userCalls.configQuery, { key: DESIGNER_SETTINGS_KEY });
  const parsed = designerSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_DESIGNER_SETTINGS;
}

/** Keeps the designer settings with the account. */
export async function saveSettings(settings: DesignerSettings): Promise<void> {
  await callApi(userCalls.configSave, { key: DESIGNER_SETTINGS_KEY, value: settings });
}
