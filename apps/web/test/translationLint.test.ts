import path from 'node:path';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

// eslint.config.js keeps web code on the typed translation of src/app/useT.ts: a t from
// react-i18next or i18n.t would take any string as a key.
const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function messages(code: string, file: string): Promise<string[]> {
  // a text with a made-up path belongs to no TypeScript project: the typed rules are left out
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
      },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return result!.messages
    .filter((m) => /no-restricted-(imports|syntax)/.test(m.ruleId ?? ''))
    .map((m) => m.message);
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
