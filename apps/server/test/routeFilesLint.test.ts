import path from 'node:path';
import { ESLint } from 'eslint';
import { lintMessages, repoRoot } from '@fieldhub/testkit/lint';
import { expect, it } from 'vitest';

// Route files parse, check and call a service; the lint rule of eslint.config.js keeps database
// access out of them (a query, a transaction, or a value import from the db module).
const routeFile = path.join(repoRoot, 'apps/server/src/modules/sample/sample.routes.ts');

const serviceFile = path.join(repoRoot, 'apps/server/src/modules/devices/sample.service.ts');
// the configuration areas name their service files by area, next to <area>.repo.ts
const configAreaFile = path.join(repoRoot, 'apps/server/src/modules/config/drivers.ts');
const configRepoFile = path.join(repoRoot, 'apps/server/src/modules/config/drivers.repo.ts');

function problems(code: string, filePath = routeFile): Promise<string[]> {
  return lintMessages(code, filePath, /^no-restricted-syntax$/);
}

it('refuses database access in a route file and lets a service call pass', async () => {
  const refused = await problems(`
import { one, type Db } from '../../db/db';
export async function a(db: Db, ctx: { db: Db }) {
  await db.query('select 1');
  await ctx.db.exec('select 1');
  await db.tx(async (tx) => tx.query('select 1'));
  return one(db, 'select 1');
}
`);
  expect(refused).toHaveLength(5);
  expect(refused[0]).toMatch(/No database access in a route file/);
  const allowed = await problems(`
import type { Db } from '../../db/db';
import * as service from './sample.service';
export const a = (db: Db, input: unknown) => service.query(db, input);
`);
  expect(allowed).toEqual([]);
}, 60_000);

it('refuses SQL in a service of an area with a repository, and lets transactions and repository calls pass', async () => {
  const refused = await problems(
    `
import { one, type Db } from '../../db/db';
export async function a(db: Db, ctx: { db: Db }) {
  await db.query('select 1');
  await ctx.db.exec('select 1');
  await db.tx(async (tx) => tx.query('select 1'));
  return one(db, 'select 1');
}
`,
    serviceFile,
  );
  expect(refused).toHaveLength(4);
  expect(refused[0]).toMatch(/No SQL in a service/);
  const allowed = await problems(
    `
import type { Db } from '../../db/db';
import * as repo from './sample.repo';
export const a = (db: Db, id: number) => db.tx((tx) => repo.deleteRow(tx, id));
`,
    serviceFile,
  );
  expect(allowed).toEqual([]);
}, 60_000);

it('refuses SQL in a configuration area service and lets its repository hold it', async () => {
  const sql = `
import { one, type Db } from '../../db/db';
export async function a(db: Db) {
  await db.query('select 1');
  await db.tx(async (tx) => tx.query('select 1'));
  return one(db, 'select 1');
}
`;
  const refused = await problems(sql, configAreaFile);
  expect(refused).toHaveLength(3);
  expect(refused[0]).toMatch(/No SQL in a service/);
  expect(await problems(sql, configRepoFile)).toEqual([]);
}, 60_000);

it('refuses a floating promise and a switch that misses a case, with type information', async () => {
  // the text stands in for a real file of a project (the smallest: the testkit's), so the typed
  // rules run on it; the server's project took 13 s to load under a CI run
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(
    `
export async function later(): Promise<void> {}
export function now(kind: 'a' | 'b'): number {
  later();
  switch (kind) {
    case 'a':
      return 1;
  }
  return 0;
}
`,
    { filePath: path.join(repoRoot, 'packages/testkit/src/waiting.ts') },
  );
  expect(result!.messages.map((m) => m.ruleId).sort()).toEqual([
    '@typescript-eslint/no-floating-promises',
    '@typescript-eslint/switch-exhaustiveness-check',
  ]);
}, 60_000);
