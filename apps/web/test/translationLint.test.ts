import { lintMessages } from '@fieldhub/testkit/lint';
import { expect, it } from 'vitest';

// eslint.config.js keeps web code on the typed translation of src/app/useT.ts: a t from
// react-i18next or i18n.t would take any string as a key.

function messages(code: string, file: string): Promise<string[]> {
  return lintMessages(code, file, /no-restricted-(imports|syntax)/);
}

it('refuses react-i18next’s hook, i18next’s TFunction and i18n.t in web code, and lets it use useT', async () => {
  expect(
    await messages(
      [
        "import { useTranslation } from 'react-i18next';",
        "import type { TFunction } from 'i18next';",
        "import i18n from 'i18next';",
        'export const a = [useTranslation, i18n.t("common:saved")];',
        'export type B = TFunction;',
        '',
      ].join('\n'),
      'apps/web/src/features/monitor/Sample.tsx',
    ),
  ).toEqual([
    expect.stringContaining('Use useT of app/useT.ts'),
    expect.stringContaining('Use Translate of app/useT.ts'),
    expect.stringContaining('Use translate of app/useT.ts'),
  ]);
  expect(
    await messages(
      [
        "import { initReactI18next } from 'react-i18next';",
        "import { useT, translate } from '../../app/useT';",
        "export const a = [initReactI18next, useT, translate('common:saved')];",
        '',
      ].join('\n'),
      'apps/web/src/features/monitor/Sample.tsx',
    ),
  ).toEqual([]);
}, 60_000);
