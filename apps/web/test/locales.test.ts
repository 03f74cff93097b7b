import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATION_ACTIONS, OPERATION_OBJECT_TYPES } from '@fieldhub/shared';
import { allRoutes } from '../src/app/routeTable';
import { mainMenus, manageMenus, userMenus, type MenuItem } from '../src/app/menus';
import { keysFile, keysSource } from '../scripts/i18nKeys';
import { languageProblems, tr } from './screenLanguage';

const root = path.resolve(import.meta.dirname, '../src/locales');
const langs = ['zh-CN', 'en-US'] as const;

function load(lang: string, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(root, lang, file), 'utf8')) as Record<string, unknown>;
}

/** Every leaf key as a dotted path (route titles are flat keys that may contain dots). */
function leaves(obj: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object')
      for (const [kk, vv] of leaves(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

describe('locales', () => {
  it('zh-CN and en-US carry the same files', () => {
    expect(readdirSync(path.join(root, 'zh-CN')).sort()).toEqual(
      readdirSync(path.join(root, 'en-US')).sort(),
    );
  });

  for (const file of readdirSync(path.join(root, 'zh-CN'))) {
    it(`${file} has the same keys in both languages, none empty`, () => {
      const [zh, en] = langs.map((l) => leaves(load(l, file)));
      expect([...zh!.keys()].sort()).toEqual([...en!.keys()].sort());
      for (const [key, value] of [...zh!, ...en!]) {
        expect(typeof value === 'string' && value.trim().length > 0, `${file} ${key}`).toBe(true);
      }
    });
  }

  it('the key types t() checks against (src/app/i18nKeys.ts) are those of the locale files', async () => {
    expect(readFileSync(keysFile, 'utf8'), 'run npx tsx apps/web/scripts/i18nKeys.ts').toBe(
      await keysSource(),
    );
  });

  it('every route of the table has a title in both languages', () => {
    for (const lang of langs) {
      const titles = load(lang, 'routes.json');
      const missing = allRoutes.filter((r) => typeof titles[r.id] !== 'string').map((r) => r.id);
      expect(missing, lang).toEqual([]);
    }
  });

  it('every menu entry has a label in both languages', () => {
    const keys = (items: MenuItem[]): string[] => items.flatMap((i) => [i.key, ...keys(i.children ?? [])]);
    for (const lang of langs) {
      const labels = load(lang, 'menu.json');
      const missing = [...keys(mainMenus), ...keys(manageMenus), ...keys(userMenus), 'logout'].filter(
        (k) => !labels[k],
      );
      expect(missing, lang).toEqual([]);
    }
  });

  it('every action and object kind the server writes to the operation log has a name in both languages', () => {
    // the server's recording functions take only OPERATION_ACTIONS and OPERATION_OBJECT_TYPES
    for (const lang of langs) {
      const names = leaves(load(lang, 'oplog.json'));
      const missing = [
        ...OPERATION_ACTIONS.map((a) => `action.${a}`),
        ...OPERATION_OBJECT_TYPES.map((o) => `object-type.${o}`),
      ].filter((key) => typeof names.get(key) !== 'string');
      expect(missing, lang).toEqual([]);
    }
  });

  it('the designer names in Chinese the props that opening reset (its browser test runs in English)', () => {
    const keys = ['summary', 'save-note', 'show', 'hide', 'col-widget', 'col-prop', 'col-stored'];
    const texts = keys.map((k) => tr('zh-CN', `designer:props-reset.${k}`, { widgets: 2, props: 3 }));
    expect(texts[0]).toBe('打开时已将值类型不符的属性恢复为默认值（组件 2 个，属性 3 个）。');
    expect(languageProblems('zh-CN', texts)).toEqual([]);
  });
});
