import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/** Test support is for tests: production code imports neither the testkit nor a test folder. */
const TEST_SUPPORT_IMPORTS = [
  { group: ['@fieldhub/testkit', '@fieldhub/testkit/*'], message: 'The testkit is for tests only.' },
  { regex: '(^|/)test(/|$)', message: 'Test support is for tests only.' },
];

const webPath = (file) => file.split(path.sep).join('/');
const featureOf = (file) => /apps\/web\/src\/features\/([^/]+)(\/|$)/.exec(webPath(file))?.[1];
const inWebApp = (file) => /apps\/web\/src\/app(\/|$)/.test(webPath(file));

/**
 * Web import boundaries: a feature imports no other feature (what two features use lives in
 * app/), and app/ imports no feature (the composition root, src/main.tsx with src/screens.ts,
 * puts the features' screens into the app shell).
 */
const boundaries = {
  rules: {
    'feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const own = featureOf(context.filename);
        const fromApp = inWebApp(context.filename);
        if (!own && !fromApp) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = featureOf(path.resolve(path.dirname(context.filename), source));
          if (!target || target === own) return;
          context.report({
            node,
            message: fromApp
              ? `app/ may not import from the ${target} feature: features use app/, not the other way round.`
              : `The ${own} feature may not import from the ${target} feature: move what both use to app/.`,
          });
        };
        return {
          ImportDeclaration: check,
          ImportExpression: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.tmp.mjs', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // typed rules on production code: every promise handled, every union switch exhaustive
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // test support is for tests: production code imports neither the testkit nor a test folder
    files: ['apps/*/src/**/*.{ts,tsx,mjs}', 'packages/*/src/**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/testkit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...TEST_SUPPORT_IMPORTS],
        },
      ],
    },
  },
  {
    // route files parse, check and call a service: the SQL lives in services and repositories
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(query|exec|tx)$/][callee.object.name=/^(db|tx|ctx)$/], CallExpression[callee.property.name=/^(query|exec|tx)$/][callee.object.property.name='db']",
          message: 'No database access in a route file: call a service or repository.',
        },
        {
          selector:
            "ImportDeclaration[importKind='value'][source.value=/\\/db\\/(db|where)$/] > ImportSpecifier[importKind='value']",
          message: 'No database access in a route file: call a service or repository.',
        },
      ],
    },
  },
  {
    // services of these areas keep the rules and the transactions; every query is in their repository
    // (the configuration areas: one service file per area and the generic CRUD of configArea.ts)
    files: [
      'apps/server/src/modules/{groups,templates,gateways,user,devices,summary,opscenter}/*.service.ts',
      'apps/server/src/modules/config/{configArea,configOwner,drivers,variables,alarmRules,reports,scripts}.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(query|exec)$/][callee.object.name=/^(db|tx)$/], CallExpression[callee.property.name=/^(query|exec)$/][callee.object.property.name='db']",
          message: 'No SQL in a service of this area: add it to the repository (*.repo.ts).',
        },
        {
          selector: "ImportDeclaration[source.value=/\\/db\\/db$/] > ImportSpecifier[imported.name='one']",
          message: 'No SQL in a service of this area: add it to the repository (*.repo.ts).',
        },
      ],
    },
  },
  {
    // packages are what the apps share: they never import an app
    files: ['packages/*/src/**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/testkit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...TEST_SUPPORT_IMPORTS,
            { regex: '(^|/)apps/', message: 'A package never imports an app.' },
            {
              group: ['@fieldhub/server', '@fieldhub/web', '@fieldhub/gateway'],
              message: 'A package never imports an app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      'boundaries/feature-imports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // translation goes through app/useT.ts, whose t takes only keys of the locale files
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...TEST_SUPPORT_IMPORTS],
          paths: [
            {
              name: 'react-i18next',
              importNames: ['useTranslation', 'Trans', 'withTranslation', 'Translation'],
              message: 'Use useT of app/useT.ts: its t checks the keys.',
            },
            {
              name: 'i18next',
              importNames: ['TFunction'],
              message: 'Use Translate of app/useT.ts: it checks the keys.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^i18n(ext)?$/][callee.property.name='t']",
          message: 'Use translate of app/useT.ts: it checks the keys.',
        },
      ],
    },
  },
);
