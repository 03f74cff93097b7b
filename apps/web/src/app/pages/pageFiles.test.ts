import { describe, expect, it } from 'vitest';
import { dataUrlOf, readJsonFile } from './pageFiles';

describe('page files', () => {
  it('reads a JSON file within the cap', async () => {
    const file = new File(['{"widgets":[]}'], 'page.json', { type: 'application/json' });
    expect(await readJsonFile(file)).toEqual({ ok: true, value: { widgets: [] } });
  });

  it('refuses a file above the cap before reading it, and text that is not JSON', async () => {
    expect(await readJsonFile(new File(['{"a":1}'], 'big.json'), 3)).toEqual({
      ok: false,
      reason: 'tooLarge',
    });
    expect(await readJsonFile(new File(['{oops'], 'bad.json'))).toEqual({ ok: false, reason: 'invalidJson' });
  });

  it('turns a picture into a data address of its bytes', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const url = await dataUrlOf(new File([bytes], 'c.png', { type: 'image/png' }));
    expect(url).toBe(`data:image/png;base64,${Buffer.from(bytes).toString('base64')}`);
  });
});
