import { describe, expect, it } from 'vitest';
import { blockText, parseInline, parseMarkdown, slug } from './markdown';

describe('help markdown', () => {
  it('reads headings, paragraphs, lists and fenced code', () => {
    const blocks = parseMarkdown(
      '# Start here\n\nFirst line\nsame paragraph.\n\n1. one\n   more of one\n2. two\n- dot\n\n```bash\nnpm start\n```\n## 下一步',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'code', 'heading']);
    expect(blockText(blocks[1]!)).toBe('First line same paragraph.');
    expect(blocks[2]).toMatchObject({ ordered: true });
    expect(blockText(blocks[2]!)).toBe('one more of one\ntwo');
    expect(blocks[3]).toMatchObject({ ordered: false });
    expect(blocks[4]).toEqual({ kind: 'code', text: 'npm start' });
    expect(blocks[5]).toEqual({ kind: 'heading', level: 2, text: '下一步', id: '下一步' });
  });

  it('reads code, bold and links inside text, and keeps HTML as text', () => {
    expect(parseInline('Run `npm start`, then **Sync**: see [the map](/map) <b>x</b>')).toEqual([
      { kind: 'text', text: 'Run ' },
      { kind: 'code', text: 'npm start' },
      { kind: 'text', text: ', then ' },
      { kind: 'bold', text: 'Sync' },
      { kind: 'text', text: ': see ' },
      { kind: 'link', text: 'the map', href: '/map' },
      { kind: 'text', text: ' <b>x</b>' },
    ]);
    expect(slug('Register a gateway (SN)')).toBe('register-a-gateway-sn');
  });
});
