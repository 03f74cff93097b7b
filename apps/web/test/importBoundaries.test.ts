import path from 'node:path';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

// The import boundaries of eslint.config.js: web features import each other only through app/
// (the feature imports left are listed there, without cycles), and packages never import an app.
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
    .filter((m) => /feature-imports|no-restricted-imports/.test(m.ruleId ?? ''))
    .map((m) => m.message);
}

it('refuses a new import between two features and lets app/ and the listed ones pass', async () => {
  expect(
    await messages(
      "import { GatewayActions } from '../../gateways/GatewayActions';\nexport const a = GatewayActions;\n",
      'apps/web/src/features/monitor/detail/Sample.tsx',
    ),
  ).toEqual(['The monitor feature may not import from the gateways feature: move what both use to app/.']);
  expect(
    await messages(
      "import { GatewayStatusBadge } from '../../../app/components/GatewayStatusBadge';\nimport { CommandTab } from '../monitor/detail/CommandTab';\nexport const a = [GatewayStatusBadge, CommandTab];\n",
      'apps/web/src/features/gateways/Sample.tsx',
    ),
  ).toEqual([]);
}, 60_000);

it('refuses an app import in a package', async () => {
  expect(
    await messages(
      "import { request } from '../../../apps/web/src/app/request';\nexport const a = request;\n",
      'packages/shared/src/sample.ts',
    ),
  ).toEqual([expect.stringContaining('A package never imports an app.')]);
}, 60_000);
