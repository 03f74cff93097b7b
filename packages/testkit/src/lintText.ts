import path from 'node:path';
import { ESLint } from 'eslint';

/** The repository root, where eslint.config.js is. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The messages eslint.config.js gives a made-up source text at `file` (relative to the repository
 * root), of the rules whose id matches `rules`. Such a text belongs to no TypeScript project, so
 * the rules that need type information are left out.
 */
export async function lintMessages(code: string, file: string, rules: RegExp): Promise<string[]> {
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
  const [result] = await eslint.lintText(code, { filePath: path.resolve(repoRoot, file) });
  return result!.messages.filter((m) => rules.test(m.ruleId ?? '')).map((m) => m.message);
}
