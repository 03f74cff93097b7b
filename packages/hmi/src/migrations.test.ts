import { describe, expect, it } from 'vitest';
import { defaultWidget } from './defaults';
import { CURRENT_VERSION, emptyPage } from './document';
import { MIGRATION_COUNT, migrate } from './migrations';
import { parsePage } from './parsePage';
import { group, pageOf, rect } from './testkit';

/**
 * A page in the legacy shape (docs/requirements/pages-and-designer.md §2.6: older forms; no version, nested
 * groups).
 */
const legacy = {
  id: 'p1',
  title: 'Boiler room',
  width: '1280',
  height: '720',
  bgColor: '#000000',
  checkpwd: 1,
  password: 'secret',
  con: { grid: true },
  bind: { equips: ['e1'], signals: ['s1'], keys: [], mvars: [] },
  widgets: [
    {
      id: 'a',
      widgetType: 'ShapeRect',
      widgetName: 'Tank',
      position: { x: '10', y: 20, width: 100, height: 50, rotate: 0 },
      authRegion: 'North,South',
      animation: { twinkle: { enable: true, symbol: '>', value: '5' } },
    },
    {
      id: 'g',
      widgetType: 'WidgetGroup',
      widgetName: 'Pump set',
      posLock: true,
      origin: { x: 0, y: 0 },
      position: { x: 0, y: 0, width: 300, height: 100 },
      children: [
        { id: 'b', widgetType: 'UsualText', position: { x: 0, y: 0, width: 10, height: 10 } },
        {
          id: 'h',
          widgetType: 'WidgetGroup',
          children: [
            { id: 'c', widgetType: 'UsualButton', position: { x: 5, y: 5, width: 10, height: 10 } },
            { id: 'd', widgetType: 'ShapeCircle', position: { x: 9, y: 9, width: 10, height: 10 } },
          ],
        },
      ],
    },
    { id: 'sel', widgetType: 'WidgetSelected', position: { x: 0, y: 0, width: 1, height: 1 } },
  ],
};

describe('migrations', () => {
  it('has one migration per version step', () => {
    expect(MIGRATION_COUNT).toBe(CURRENT_VERSION);
  });

  it('migrates a legacy page (version 0) to version 1: options, flat widgets, one-level groups', () => {
    const r = parsePage(JSON.stringify(legacy));
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.fromVersion).toBe(0);
    const page = r.page;
    expect(page.version).toBe(1);
    expect(page.options).toMatchObject({
      id: 'p1',
      title: 'Boiler room',
      width: 1280,
      height: 720,
      bgColor: '#000000',
      checkpwd: true,
      password: 'secret',
      fit: 'container',
    });
    expect(page.widgets.map((w) => [w.id, w.groupId])).toEqual([
      ['a', null],
      ['b', 'g'],
      ['c', 'g'],
      ['d', 'g'],
    ]);
    expect(page.groups).toEqual([
      {
        id: 'g',
        widgetType: 'WidgetGroup',
        widgetName: 'Pump set',
        posLock: true,
        children: ['b', 'c', 'd'],
      },
    ]);
    const a = page.widgets[0]!;
    expect(a.position.x).toBe(10);
    expect(a.textId).toBe('a');
    expect(a.authRegion).toEqual(['North', 'South']);
    expect(a.animation).toEqual([
      expect.objectContaining({ type: 'twinkle', enable: true, symbol: '>', value: '5' }),
    ]);
    expect(page.con).toEqual({ grid: true });
    expect(page.bind.signals).toEqual(['s1']);
  });

  it('leaves a current document as it is', () => {
    const page = pageOf([rect('a', 0, 0)]);
    const m = migrate(page);
    expect(m).toEqual({ ok: true, doc: page, fromVersion: 1 });
    expect(parsePage(page)).toEqual({ ok: true, page, fromVersion: 1, repairs: [] });
  });

  it('refuses a document of a newer version', () => {
    const r = parsePage({ ...emptyPage(), version: 99 });
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'newerVersion', path: 'version' }] });
  });
});

describe('parsePage issues', () => {
  it('reports text that is not JSON, and a non-object', () => {
    expect(parsePage('{oops')).toMatchObject({ ok: false, issues: [{ code: 'invalidJson' }] });
    expect(parsePage('[1]')).toMatchObject({ ok: false, issues: [{ code: 'notAnObject' }] });
  });

  it('reports an invalid field with its path in both languages', () => {
    const bad = { ...emptyPage(), widgets: [{ ...rect('a', 0, 0), widgetType: 'Bogus' }] };
    const r = parsePage(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ code: 'invalidField', path: 'widgets.0.widgetType' });
    expect(r.issues[0]!.zh).toContain('widgets.0.widgetType');
    expect(r.issues[0]!.en).toContain('widgets.0.widgetType');
  });

  it('reports duplicate ids and inconsistent groups', () => {
    const page = pageOf([rect('a', 0, 0), rect('a', 1, 1), rect('b', 0, 0)], [group('g', ['b', 'zz'])]);
    const r = parsePage(page);
    if (r.ok) throw new Error('accepted');
    expect(r.issues.map((i) => i.code).sort()).toEqual(['duplicateId', 'groupMemberMissing']);
  });

  it('reports a group of fewer than 2 and a widget naming a group it is not in', () => {
    const w = { ...rect('a', 0, 0), groupId: 'nope' };
    const page = pageOf([w, rect('b', 0, 0)], [group('g', ['b'])]);
    const r = parsePage(page);
    if (r.ok) throw new Error('accepted');
    expect(r.issues.map((i) => i.code).sort()).toEqual(['groupMembership', 'groupTooSmall']);
  });

  it('reports more than one 3D scene', () => {
    const g = (id: string) => ({ ...defaultWidget('UsualText', { id }), widgetType: 'UsualWebgl' as const });
    const r = parsePage(pageOf([g('x'), g('y')]));
    expect(r).toMatchObject({ ok: false, issues: [{ code: 'webglMax' }] });
  });
});
