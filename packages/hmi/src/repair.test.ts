import { describe, expect, it } from 'vitest';
import { defaultWidget } from './defaults';
import { animationSchema, type Widget } from './document';
import { findWidget } from './pageIndex';
import { type RepairContext, UNBOUND_TITLE, repairBindings } from './repair';
import { pageOf, rect } from './testkit';

const ctx: RepairContext = {
  signals: [
    { signalId: 's1', equipId: 'e1', title: 'Temperature', equipTitle: 'Boiler 1' },
    { signalId: 's2', equipId: 'e1', title: 'Pressure', equipTitle: 'Boiler 1' },
  ],
  equipments: [
    { equipId: 'e1', title: 'Boiler 1' },
    { equipId: 'e2', title: 'Pump' },
  ],
  titles: ['North', 'South'],
};

function dataText(id: string, data: Partial<Widget['data']>): Widget {
  const w = defaultWidget('UsualDataText', { id });
  return { ...w, data: { ...w.data, ...data } };
}

const cleared = { signalId: '', equipId: '', title: '', subTitle: '' };

describe('binding repair', () => {
  it('clears a binding whose signal is missing', () => {
    const page = pageOf([
      dataText('a', { signalId: 'gone', equipId: 'e1', title: 'X', subTitle: 'Boiler 1' }),
    ]);
    const r = repairBindings(page, ctx);
    expect(findWidget(r.page, 'a')!.data).toMatchObject(cleared);
    expect(r.report).toEqual([
      { widgetId: 'a', changes: [{ path: 'data', action: 'cleared', before: 'gone' }] },
    ]);
  });

  it('clears a binding whose equipment differs from the signal’s', () => {
    const page = pageOf([
      dataText('a', { signalId: 's1', equipId: 'e2', title: 'Temperature', subTitle: 'Pump' }),
    ]);
    expect(findWidget(repairBindings(page, ctx).page, 'a')!.data).toMatchObject(cleared);
  });

  it('refreshes titles when only they differ', () => {
    const page = pageOf([
      dataText('a', { signalId: 's1', equipId: 'e1', title: 'Temp (old)', subTitle: 'B1' }),
    ]);
    const r = repairBindings(page, ctx);
    expect(findWidget(r.page, 'a')!.data).toMatchObject({
      signalId: 's1',
      equipId: 'e1',
      title: 'Temperature',
      subTitle: 'Boiler 1',
    });
    expect(r.report[0]!.changes[0]!.action).toBe('retitled');
  });

  it('leaves a correct page untouched (same object, empty report)', () => {
    const page = pageOf([
      dataText('a', { signalId: 's1', equipId: 'e1', title: 'Temperature', subTitle: 'Boiler 1' }),
      rect('b', 0, 0, 10, 10, { authRegion: ['North'] }),
    ]);
    const r = repairBindings(page, ctx);
    expect(r.page).toBe(page);
    expect(r.report).toEqual([]);
  });

  it('repairs click-event write bindings, animation bindings and signal arrays', () => {
    const w = dataText('a', {
      signalArray: [
        { signalId: 's2', equipId: 'e1', title: 'P', subTitle: 'Boiler 1', color: '#f00' },
        { signalId: 'gone', equipId: 'e1', title: 'G', subTitle: 'Boiler 1', color: '#0f0' },
      ],
    });
    const withClick: Widget = {
      ...w,
      clickEvent: {
        ...w.clickEvent,
        config: {
          ...w.clickEvent.config,
          data: { ...w.clickEvent.config.data, signalId: 'gone', equipId: 'e1' },
        },
      },
      animation: [
        animationSchema.parse({ type: 'fillColor', data: { signalId: 's1', equipId: 'e1', title: 'old' } }),
      ],
    };
    const r = repairBindings(pageOf([withClick]), ctx);
    const a = findWidget(r.page, 'a')!;
    expect(a.data.signalArray[0]).toMatchObject({ title: 'Pressure', color: '#f00' });
    expect(a.data.signalArray[1]).toMatchObject({ ...cleared, color: '#0f0' });
    expect(a.clickEvent.config.data).toMatchObject(cleared);
    expect(a.animation[0]!.data).toMatchObject({
      signalId: 's1',
      title: 'Temperature',
      subTitle: 'Boiler 1',
    });
    expect(r.report[0]!.changes.map((c) => `${c.path}:${c.action}`)).toEqual([
      'data.signalArray.0:retitled',
      'data.signalArray.1:cleared',
      'clickEvent.config.data:cleared',
      'animation.0.data:retitled',
    ]);
  });

  it('clears report-signal bindings when the report list is empty, refreshes them when listed', () => {
    const w = dataText('a', {
      reportSignalArray: [{ signalId: 's1', equipId: 'e1', title: 'old', subTitle: 'old', alias: 'T' }],
      customArray: [{ signalId: 's1', equipId: 'e1', title: 'old', subTitle: 'old' }],
    });
    const emptyList = repairBindings(pageOf([w]), { ...ctx, reportSignals: [] });
    const a = findWidget(emptyList.page, 'a')!;
    expect(a.data.reportSignalArray[0]).toMatchObject({ ...cleared, alias: 'T' });
    expect((a.data['customArray'] as unknown[])[0]).toMatchObject(cleared);
    const listed = findWidget(repairBindings(pageOf([w]), ctx).page, 'a')!;
    expect(listed.data.reportSignalArray[0]).toMatchObject({
      signalId: 's1',
      title: 'Temperature',
      subTitle: 'Boiler 1',
    });
  });

  it('unbinds alarm-record equipment no longer found with the title 未绑定', () => {
    const w = { ...rect('al', 0, 0), widgetType: 'ComplexAlarm' as const };
    const alarm = {
      ...w,
      data: {
        ...w.data,
        equips: [
          { equipmentId: 'e1', title: 'Boiler 1' },
          { equipmentId: 'gone', title: 'Old' },
        ],
      },
    };
    const r = repairBindings(pageOf([alarm]), ctx);
    expect(findWidget(r.page, 'al')!.data['equips']).toEqual([
      { equipmentId: 'e1', title: 'Boiler 1' },
      { equipmentId: '', title: UNBOUND_TITLE },
    ]);
    expect(r.report[0]!.changes).toEqual([{ path: 'data.equips.1', action: 'unbound', before: 'gone' }]);
  });

  it('clears navigation and carousel page/iframe references to missing equipment and refreshes titles', () => {
    const nav = { ...rect('n', 0, 0), widgetType: 'NavigateNav' as const };
    const item = (equipId: string, title: string, extra: Record<string, unknown> = {}) => ({
      id: `i-${equipId}`,
      label: 'Go',
      clickEvent: {
        enable: true,
        config: { action: 'page', page: { type: 'equip', equipId, equipPageId: 'p9', equipTitle: title } },
      },
      authRegion: ['North', 'Gone'],
      ...extra,
    });
    const navWidget = {
      ...nav,
      data: { ...nav.data, navItems: [item('e2', 'Old pump', { children: [item('gone', 'X')] })] },
    };
    const slide = { ...rect('s', 0, 0), widgetType: 'NavigateSlide' as const };
    const slideWidget = {
      ...slide,
      data: {
        ...slide.data,
        picArray: [
          {
            enable: true,
            imgUrl: '/a.png',
            clickEvent: {
              enable: true,
              config: { action: 'iframe', iframe: { mainId: 'gone', mainPageId: 'p', mainTitle: 'X' } },
            },
          },
        ],
      },
    };
    const r = repairBindings(pageOf([navWidget, slideWidget]), ctx);
    const items = findWidget(r.page, 'n')!.data['navItems'] as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads loose data
    expect(items[0]!['clickEvent'].config.page).toMatchObject({ equipId: 'e2', equipTitle: 'Pump' });
    expect(items[0]!['authRegion']).toEqual(['North']);
    expect(items[0]!['children'][0].clickEvent.config.page).toMatchObject({
      equipId: '',
      equipPageId: '',
      equipTitle: '',
    });
    const pics = findWidget(r.page, 's')!.data['picArray'] as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads loose data
    expect(pics[0]!['clickEvent'].config.iframe).toMatchObject({ mainId: '', mainPageId: '', mainTitle: '' });
  });

  it('clears a NavigateIframe widget’s equipment when gone', () => {
    const w = { ...rect('f', 0, 0), widgetType: 'NavigateIframe' as const };
    const frame = { ...w, data: { ...w.data, mainId: 'gone', mainPageId: 'p1', mainTitle: 'Old' } };
    expect(findWidget(repairBindings(pageOf([frame]), ctx).page, 'f')!.data).toMatchObject({
      mainId: '',
      mainTitle: '',
    });
  });

  it('removes authRegion entries not in the title list', () => {
    const page = pageOf([rect('a', 0, 0, 10, 10, { authRegion: ['North', 'East', 'South'] })]);
    const r = repairBindings(page, ctx);
    expect(findWidget(r.page, 'a')!.authRegion).toEqual(['North', 'South']);
    expect(r.report[0]!.changes).toEqual([{ path: 'authRegion', action: 'removed', before: 'East' }]);
  });

  it('replaces only the widgets it changes', () => {
    const page = pageOf([rect('ok', 0, 0), dataText('bad', { signalId: 'gone', equipId: 'e1' })]);
    const r = repairBindings(page, ctx);
    expect(r.page.widgets[0]).toBe(page.widgets[0]);
    expect(r.page.widgets[1]).not.toBe(page.widgets[1]);
  });
});
