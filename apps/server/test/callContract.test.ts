import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { ALL_CALLS, defineCalls, groupCalls, USERIMG_PATH } from '@fieldhub/shared';
import { handle } from '../src/http/route';
import { OPENAPI_PATH } from '../src/http/openapi';
import { FIRMWARE_DOWNLOAD_PATH } from '../src/link/firmwareUpgrade';
import type { Caller, TestPlatform } from './harness';
import { startEnterprisePlatform } from './platformFixtures';

/**
 * The call contract (packages/shared/src/contract) against the running server: the server
 * registers exactly the contract's calls, with the contract's method and access, and the OpenAPI
 * document lists each with its input and answer.
 */

/**
 * Routes that are not calls: the web app, the OpenAPI document itself, sockets, a gateway's download
 * and the material images.
 */
const NOT_CALLS = new Set([
  'GET /',
  'GET /*',
  `GET ${OPENAPI_PATH}`,
  `GET ${FIRMWARE_DOWNLOAD_PATH}/:token`,
  'GET /lfscada/ws/eg/signal/subscribe/:token',
  'GET /lfscada/ws/message/subscribe/:token',
  'GET /lfscada/ws/project/signal/subscribe/:token',
  `GET ${USERIMG_PATH}/:key`,
]);

let p: TestPlatform;
let admin: Caller;
beforeAll(async () => {
  ({ p, admin } = await startEnterprisePlatform('Contract Works'));
});
afterAll(() => p?.stop());

interface OpenApiOperation {
  summary: string;
  requestBody?: { content: Record<string, { schema: object }> };
  parameters?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: { properties?: { data?: object } } }> }>;
  'x-permission'?: string;
  security: unknown[];
}

describe('call contract', () => {
  it('registers every contract call with its method and access, and no call outside the contract', () => {
    const table = p.app.routeTable.filter((r) => r.method !== 'HEAD');
    const registered = new Map(table.map((r) => [`${r.method} ${r.url}`, r.access]));
    const missing: string[] = [];
    const differing: string[] = [];
    for (const c of ALL_CALLS) {
      const key = `${c.method} ${c.path}`;
      const access = registered.get(key);
      if (!access) missing.push(key);
      else if (
        access.public !== !!c.access.public ||
        (!access.public && !c.access.public && access.perm !== c.access.perm)
      )
        differing.push(key);
    }
    expect(missing).toEqual([]);
    expect(differing).toEqual([]);
    const inContract = new Set(ALL_CALLS.map((c) => `${c.method} ${c.path}`));
    const outside = table
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !inContract.has(k) && !NOT_CALLS.has(k));
    expect(outside).toEqual([]);
    expect(inContract.size).toBe(ALL_CALLS.length);
  });

  it('serves an OpenAPI document listing every call with its input, answer and access', async () => {
    const res = await p.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, OpenApiOperation>> }>();
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(ALL_CALLS.map((c) => `${c.method} ${c.path}`).sort());
    for (const c of ALL_CALLS) {
      const op = doc.paths[c.path]![c.method.toLowerCase()]!;
      expect(op.summary.length, c.path).toBeGreaterThan(0);
      if (c.input) expect(op.requestBody ?? op.parameters, c.path).toBeDefined();
      if (c.answer === 'envelope')
        expect(
          op.responses['200']!.content!['application/json']!.schema!.properties!.data,
          c.path,
        ).toBeDefined();
      expect(op.security.length, c.path).toBe(c.access.public ? 0 : 1);
      if (!c.access.public && c.access.perm) expect(op['x-permission'], c.path).toBe(c.access.perm);
    }
    // an example: the group tree's input and answer are described field by field
    const add = doc.paths[groupCalls.add.path]!.post!;
    expect(JSON.stringify(add.requestBody)).toContain('"name"');
    const list = doc.paths[groupCalls.list.path]!.post!;
    expect(JSON.stringify(list.responses['200'])).toContain('"deviceCount"');
  });

  it('checks answers against the contract: a group list answer matches its output schema', async () => {
    await admin.post(groupCalls.add.path, { name: 'Line 1' }, true);
    const list = await admin.post<unknown[]>(groupCalls.list.path, {}, true);
    expect(list.body.code).toBe('200');
    expect(groupCalls.list.output.parse(list.body.data)).toEqual([
      expect.objectContaining({ name: 'Line 1', deviceCount: 0 }),
    ]);
  });
});

describe('answer check (CHECK_ANSWERS)', () => {
  const probe = defineCalls('probe', {
    row: {
      path: '/probe/row',
      access: { public: true },
      output: z.object({ id: z.number().int(), name: z.string() }),
      summary: 'A probe',
    },
  });

  async function answerOf(data: unknown): Promise<number> {
    const app = Fastify({ logger: false });
    app.decorate('checkAnswers', true);
    app.decorateRequest('lang', 'en-US');
    app.decorateRequest('auth', null);
    handle(app, probe.row, async () => data as never);
    const res = await app.inject({ method: 'POST', url: '/probe/row', payload: {} });
    await app.close();
    return res.statusCode;
  }

  it('lets a matching answer through and refuses a wrong or an undescribed field', async () => {
    expect(await answerOf({ id: 1, name: 'a' })).toBe(200);
    expect(await answerOf({ id: 'x', name: 'a' })).toBe(500);
    expect(await answerOf({ id: 1, name: 'a', secret: 'b' })).toBe(500);
    // a field left undefined is not sent: nothing to describe
    expect(await answerOf({ id: 1, name: 'a', note: undefined })).toBe(200);
  });
});
