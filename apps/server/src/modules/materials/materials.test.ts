import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialRow, UploadedMaterial } from '@fieldhub/shared';
import {
  loggedIn,
  makeEnterprise,
  startTestPlatform,
  type Caller,
  type TestPlatform,
} from '../../../test/harness';
import { made, role, send, subAccount } from '../../../test/deviceFixtures';
import { SESSION_COOKIE } from '../auth/sessions';
import { sniffMaterial } from './materialFiles';

/**
 * The material library (docs/requirements/pages-and-designer.md §12.1) through HTTP and a real database:
 * images stored by their sniffed type, at most 10 per upload (2801), each at most 2 MB (10008), an
 * SVG stored sanitised (svgSanitiser.test.ts tries the hostile ones), served under /userimg/ to the enterprise's accounts only; adding and deleting
 * need a page-designing permission; another enterprise neither sees nor deletes them.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG_STORED =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/></svg>';
/** stored without its XML declaration and comment, and not called cleaned for that */
const SVG = Buffer.from(`<?xml version="1.0"?>\n<!-- tank -->${SVG_STORED}`);

let p: TestPlatform;
let acme: Caller;
let acmeZh: Caller;
let zeta: Caller;
/** an Acme account with monitor_view only: sees materials, cannot add or delete */
let viewer: Caller;

beforeAll(async () => {
  p = await startTestPlatform();
  const a = await makeEnterprise(p.ctx.db, 'Acme Materials');
  acme = await loggedIn(p.app, a.admin);
  acmeZh = await loggedIn(p.app, a.admin, 'zh-CN');
  zeta = await loggedIn(p.app, (await makeEnterprise(p.ctx.db, 'Zeta Materials')).admin);
  const viewRole = await role(acme, 'Viewers', ['monitor_view']);
  await subAccount(acme, { segment: 'int', loginname: 'acme-material-viewer', roleId: viewRole });
  viewer = await loggedIn(p.app, 'acme-material-viewer');
}, 60_000);

afterAll(async () => {
  await p?.stop();
});

async function upload(caller: Caller, files: { name: string; content: Buffer }[], lang = 'en-US') {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.content)]), f.name);
  const req = new Request('http://upload.invalid', { method: 'POST', body: form });
  const res = await p.app.inject({
    method: 'POST',
    url: '/lfscada/configuration/material/upload',
    headers: {
      'content-type': req.headers.get('content-type')!,
      cookie: `${SESSION_COOKIE}=${caller.cookie(SESSION_COOKIE)}`,
      'accept-language': lang,
    },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return res.json<{ code: string; message: string; data: UploadedMaterial[] }>();
}

async function image(caller: Caller, url: string) {
  return p.app.inject({
    method: 'GET',
    url,
    headers: { cookie: `${SESSION_COOKIE}=${caller.cookie(SESSION_COOKIE)}` },
  });
}

const LIST = '/lfscada/configuration/material/query';
const names = async (caller: Caller) => (await made<MaterialRow[]>(caller, LIST, {})).map((m) => m.name);

describe('material library', () => {
  it('stores images by the type of their bytes and serves them under /userimg/ to the enterprise', async () => {
    const up = await upload(acme, [
      { name: 'pump.txt', content: PNG },
      { name: 'dir/tank.svg', content: SVG },
    ]);
    expect(up.code).toBe('200');
    expect(up.data.map((m) => [m.name, m.mime, m.size, m.cleaned])).toEqual([
      ['pump', 'image/png', PNG.length, false],
      ['tank', 'image/svg+xml', SVG_STORED.length, false],
    ]);
    const [png, svg] = up.data;
    expect(png!.url).toMatch(/^\/userimg\/[0-9a-f]{24}\.png$/);
    const served = await image(viewer, png!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const svgServed = await image(acme, svg!.url);
    expect(svgServed.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svgServed.body).toBe(SVG_STORED);
    expect(await names(viewer)).toEqual(['tank', 'pump']);
    expect((await made<MaterialRow[]>(acme, LIST, { name: 'PU' })).map((m) => m.name)).toEqual(['pump']);
    // another enterprise neither lists, loads nor deletes them
    expect(await names(zeta)).toEqual([]);
    expect((await image(zeta, png!.url)).json<{ code: string }>().code).toBe('90002');
    expect((await send(zeta, '/lfscada/configuration/material/delete', { id: png!.id })).code).toBe('90002');
    expect(await names(acme)).toEqual(['tank', 'pump']);
  });

  it('stores a hostile SVG cleaned, says so in the answer and the operation log, and serves what was stored', async () => {
    const evil = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script>' +
        '<image href="https://evil.example/x.png" width="4"/><rect onclick="alert(3)" width="4" fill="red"/></svg>',
    );
    const up = await upload(acme, [{ name: 'evil.svg', content: evil }]);
    expect(up.code).toBe('200');
    expect(up.data.map((m) => [m.name, m.mime, m.cleaned])).toEqual([['evil', 'image/svg+xml', true]]);
    const served = await image(viewer, up.data[0]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><image width="4"/><rect width="4" fill="red"/></svg>',
    );
    const [logged] = await p.ctx.db.query<{ detail: unknown }>(
      "select detail from operation_log where action = 'material.upload' and object_id = $1",
      [String(up.data[0]!.id)],
    );
    expect(logged?.detail).toEqual({ names: ['evil'], cleaned: ['evil'] });
    expect((await send(acme, '/lfscada/configuration/material/delete', { id: up.data[0]!.id })).code).toBe(
      '200',
    );
  });

  it('refuses an eleventh file with 2801, a non-image or an SVG with entities with 10007, storing none of the upload', async () => {
    const before = await names(acme);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, content: PNG }));
    expect(await upload(acme, eleven)).toMatchObject({ code: '2801' });
    expect(
      await upload(acme, [
        { name: 'a.png', content: PNG },
        { name: 'x.png', content: Buffer.from('not a picture') },
      ]),
    ).toMatchObject({
      code: '10007',
    });
    const laughs = Buffer.from(
      '<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>',
    );
    const refused = await upload(
      acmeZh,
      [
        { name: 'a.png', content: PNG },
        { name: 'laughs.svg', content: laughs },
      ],
      'zh-CN',
    );
    expect(refused.code).toBe('10007');
    expect(refused.message).toContain('SVG 图片 laughs 无法清理（文档类型或实体）');
    const many = Buffer.from(`<svg>${'<g/>'.repeat(50_001)}</svg>`);
    expect(await upload(acme, [{ name: 'many.svg', content: many }])).toMatchObject({ code: '10008' });
    expect(await names(acme)).toEqual(before);
  });

  it('refuses a file over 2 MB with 10008, an empty file with 10006, and adding or deleting without a designing permission', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(acme, [{ name: 'big.png', content: big }])).code).toBe('10008');
    expect((await upload(acme, [{ name: 'empty.png', content: Buffer.alloc(0) }])).code).toBe('10006');
    expect((await upload(viewer, [{ name: 'v.png', content: PNG }])).code).toBe('90008');
    const [first] = await made<MaterialRow[]>(acme, LIST, {});
    expect((await send(viewer, '/lfscada/configuration/material/delete', { id: first!.id })).code).toBe(
      '90008',
    );
    expect((await send(acme, '/lfscada/configuration/material/delete', { id: first!.id })).code).toBe('200');
    expect((await image(acme, first!.url)).json<{ code: string }>().code).toBe('90002');
    // uploads and deletions are in the operation log, refused ones are not
    const logged = await p.ctx.db.query<{ action: string; object_id: string }>(
      "select action, object_id from operation_log where action like 'material.%' order by id",
    );
    expect(logged.map((l) => l.action)).toContain('material.upload');
    expect(logged.at(-1)).toEqual({ action: 'material.delete', object_id: String(first!.id) });
    expect((await image(acme, '/userimg/..%2F..%2Fetc%2Fpasswd')).json<{ code: string }>().code).toBe(
      '90002',
    );
  });
});

describe('type sniffing', () => {
  it('tells types by their bytes, never by the name', () => {
    expect(sniffMaterial(PNG)?.mime).toBe('image/png');
    expect(sniffMaterial(Buffer.from('GIF89a....'))?.mime).toBe('image/gif');
    expect(sniffMaterial(Buffer.from('\uFEFF<!-- a --> <svg width="1"/>'))?.mime).toBe('image/svg+xml');
    // a document type still makes an SVG, which the sanitiser then refuses with its reason
    expect(sniffMaterial(Buffer.from('<!DOCTYPE svg [<!ENTITY a "b">]>\n<svg/>'))?.mime).toBe(
      'image/svg+xml',
    );
    expect(sniffMaterial(Buffer.from('<html><svg/></html>'))).toBeNull();
    expect(sniffMaterial(Buffer.from('%PDF-1.4'))).toBeNull();
  });
});
