import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // test support is for tests: production code imports neither the testkit nor a test folder
    files: ['apps/*/src/**/*.{ts,tsx,mjs}', 'packages/*/src/**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/testkit/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fieldhub/testkit', '@fieldhub/testkit/*'],
              message: 'The testkit is for tests only.',
            },
            { regex: '(^|/)test(/|$)', message: 'Test support is for tests only.' },
          ],
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
    files: ['apps/server/src/modules/{groups,templates,gateways,user,devices}/*.service.ts'],
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
