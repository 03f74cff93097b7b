import { describe, expect, it } from 'vitest';
import { catalogueEntries } from '@fieldhub/shared';
import { errorCodeRows, helpPages, searchCodes, searchPage } from './helpContent';
import { blockText } from './markdown';

describe('help content', () => {
  it('lists every catalogue code with its own message in both languages', () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const rows = errorCodeRows(lang);
      expect(rows.map((r) => r.code).sort((a, b) => a - b)).toEqual(
        catalogueEntries.map((e) => e.code).sort((a, b) => a - b),
      );
      for (const e of catalogueEntries) {
        const row = rows.find((r) => r.code === e.code)!;
        const message = lang === 'zh-CN' ? e.zh : e.en;
        expect([e.code, row.message]).toEqual([e.code, message.replace(/\{\w+\}/g, '…')]);
        expect(row.message.trim()).not.toBe('');
      }
    }
  });

  it('has the same pages in both languages: getting started and the gateway installation', () => {
    const ids = (lang: 'zh-CN' | 'en-US') => helpPages(lang).map((p) => p.id);
    expect(ids('en-US')).toEqual(['getting-started', 'gateway-install']);
    expect(ids('zh-CN')).toEqual(ids('en-US'));
    const text = (lang: 'zh-CN' | 'en-US') =>
      helpPages(lang)
        .flatMap((p) => p.blocks.map(blockText))
        .join('\n');
    // the gateway command is the one README gives for a real PLC
    for (const lang of ['zh-CN', 'en-US'] as const) {
      expect(text(lang)).toContain('npm run gateway -- --sn 100000000001');
      expect(text(lang)).toContain('--data-dir /var/lib/fieldhub-gateway');
    }
    expect(helpPages('zh-CN')[0]!.title).toBe('快速入门');
  });

  it('finds codes by number or by words of their message, and page parts by their words', () => {
    const rows = errorCodeRows('en-US');
    expect(searchCodes(rows, '1101').map((r) => r.code)).toEqual([1101]);
    const timeouts = searchCodes(rows, 'timed out');
    expect(timeouts.length).toBeGreaterThan(0);
    expect(timeouts.every((r) => /timed out/i.test(r.message))).toBe(true);
    expect(timeouts.map((r) => r.code)).toContain(1301);
    const page = helpPages('en-US').find((p) => p.id === 'gateway-install')!;
    const found = searchPage(page, 'systemd supervisor');
    expect(found[0]).toMatchObject({ kind: 'heading', text: 'Run the gateway' });
    expect(found.map(blockText).join('\n')).toContain('Restart=always');
    expect(searchPage(page, 'no such words anywhere')).toEqual([]);
  });
});
