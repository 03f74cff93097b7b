import { describe, expect, it } from 'vitest';
import { visibleTo, widgetsFor } from './authRegion';
import { defaultWidget } from './defaults';

describe('authRegion', () => {
  const widget = (authRegion: string[]) => ({ authRegion });
  it('regions hide widgets from accounts outside them; administrators see all', () => {
    const operator = { accountKind: 'internal' as const, authRegion: 'Boiler house, Pump room' };
    const stranger = { accountKind: 'external' as const, authRegion: '' };
    const admin = { accountKind: 'enterprise' as const, authRegion: '' };
    expect(visibleTo(widget([]), stranger)).toBe(true);
    expect(visibleTo(widget(['Pump room']), operator)).toBe(true);
    expect(visibleTo(widget(['Control room']), operator)).toBe(false);
    expect(visibleTo(widget(['Pump room']), stranger)).toBe(false);
    expect(visibleTo(widget(['Pump room']), admin)).toBe(true);
    expect(visibleTo(widget(['泵房']), { accountKind: 'internal', authRegion: '锅炉房，泵房' })).toBe(true);
  });

  it('menu entries outside the account regions are left out, children too', () => {
    const menu = defaultWidget('NavigateMenu', { id: 'm', x: 0, y: 0 });
    menu.data = {
      ...menu.data,
      navItems: [
        { id: 'a', label: 'All' },
        { id: 'b', label: 'Boiler', authRegion: ['Boiler house'] },
        {
          id: 'c',
          label: 'Pumps',
          authRegion: ['Pump room'],
          children: [{ id: 'd', authRegion: ['Boiler house'] }],
        },
      ],
    };
    const text = defaultWidget('UsualText', { id: 't', x: 0, y: 0 });
    const [m, t] = widgetsFor([menu, text], { accountKind: 'internal', authRegion: 'Pump room' });
    expect(
      (m!.data as Record<string, unknown> as { navItems: { id: string; children?: unknown[] }[] }).navItems,
    ).toEqual([
      { id: 'a', label: 'All' },
      { id: 'c', label: 'Pumps', authRegion: ['Pump room'], children: [] },
    ]);
    expect(t).toBe(text);
    expect(widgetsFor([menu], { accountKind: 'enterprise', authRegion: '' })[0]).toBe(menu);
  });

  it('keeps the widgets of a stored document that name no region, and drops the others', () => {
    const stored = [
      { id: 'a', widgetType: 'UsualText', data: {} },
      { id: 'b', widgetType: 'UsualText', data: {}, authRegion: ['Boiler house'] },
    ];
    const viewer = { accountKind: 'internal' as const, authRegion: 'Pump room' };
    expect(widgetsFor(stored, viewer).map((w) => w.id)).toEqual(['a']);
  });
});
