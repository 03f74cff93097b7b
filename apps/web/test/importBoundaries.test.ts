import { lintMessages } from '@fieldhub/testkit/lint';
import { expect, it } from 'vitest';

// The import boundaries of eslint.config.js: web features never import each other (what two use
// lives in app/), app/ imports no feature (only the composition root does), and packages never
// import an app.

function messages(code: string, file: string): Promise<string[]> {
  return lintMessages(code, file, /feature-imports|no-restricted-imports/);
}

it('refuses an import between two features and lets a feature import app/', async () => {
  expect(
    await messages(
      "import { GatewayActions } from '../../gateways/GatewayActions';\nexport const a = GatewayActions;\n",
      'apps/web/src/features/monitor/detail/Sample.tsx',
    ),
  ).toEqual(['The monitor feature may not import from the gateways feature: move what both use to app/.']);
  expect(
    await messages(
      "import { GatewayStatusBadge } from '../../../app/components/GatewayStatusBadge';\nimport { CommandProgress } from '../../app/live/CommandProgress';\nimport { GatewayForm } from './GatewayForm';\nexport const a = [GatewayStatusBadge, CommandProgress, GatewayForm];\n",
      'apps/web/src/features/gateways/Sample.tsx',
    ),
  ).toEqual([]);
}, 60_000);

it('has no feature imports left over: the viewer may not import the designer, nor re-export it', async () => {
  expect(
    await messages(
      "import { WidgetView } from '../designer/widgets/WidgetView';\nexport { loadPage } from '../designer/data/pageApi';\nexport const a = WidgetView;\n",
      'apps/web/src/features/viewer/Sample.tsx',
    ),
  ).toEqual([
    'The viewer feature may not import from the designer feature: move what both use to app/.',
    'The viewer feature may not import from the designer feature: move what both use to app/.',
  ]);
}, 60_000);

it('refuses a feature import in app/, lazy ones too, and lets the composition root import features', async () => {
  expect(
    await messages(
      "import { lazy } from 'react';\nimport { MessageBell } from '../../features/messages/MessageBell';\nexport const a = [MessageBell, lazy(() => import('../../features/login/LoginPage'))];\n",
      'apps/web/src/app/layouts/Sample.tsx',
    ),
  ).toEqual([
    'app/ may not import from the messages feature: features use app/, not the other way round.',
    'app/ may not import from the login feature: features use app/, not the other way round.',
  ]);
  expect(
    await messages(
      "import { lazy } from 'react';\nimport { MessageBell } from './features/messages/MessageBell';\nexport const a = [MessageBell, lazy(() => import('./features/login/LoginPage'))];\n",
      'apps/web/src/Sample.tsx',
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
