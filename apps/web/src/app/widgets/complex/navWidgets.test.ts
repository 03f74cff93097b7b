import { describe, expect, it } from 'vitest';
import { mapEquipmentIds, mapTotals } from './mapMarkers';
import { slidePictures, targetOf } from './navItems';

describe('map totals (widgets.md §4.5)', () => {
  it('counts the listed devices whose state is known, online against the rest, with the share online', () => {
    const states = new Map<string, string | null>([
      ['1', 'online'],
      ['2', 'offline'],
      ['3', 'sleeping'],
      ['4', null],
      ['5', 'online'],
    ]);
    expect(mapTotals(['1', '2', '3', '4', '5', '9'], states)).toEqual({
      total: 5,
      online: 2,
      offline: 3,
      onlineShare: 40,
    });
  });

  it('counts a device listed twice once and answers 0 % without devices', () => {
    expect(mapTotals(['1', '1'], new Map([['1', 'online']]))).toEqual({
      total: 1,
      online: 1,
      offline: 0,
      onlineShare: 100,
    });
    expect(mapTotals([], new Map())).toEqual({ total: 0, online: 0, offline: 0, onlineShare: 0 });
    expect(
      mapTotals(
        ['1', '2', '3'],
        new Map([
          ['1', 'online'],
          ['2', null],
          ['3', null],
        ]),
      ).onlineShare,
    ).toBe(33);
  });

  it('reads the listed ids with or without a position', () => {
    expect(
      mapEquipmentIds([{ equipmentId: '7', lat: '' }, { equipmentId: 8 }, { title: 'x' }, null]),
    ).toEqual(['7', '8']);
    expect(mapEquipmentIds('x')).toEqual([]);
  });
});

describe('carousel pictures (widgets.md §5.4)', () => {
  it('keeps enabled pictures with an image, each with its click event and its defaults', () => {
    const pics = slidePictures([
      { imgUrl: ' /userimg/a.png ', clickEvent: { enable: true, config: { action: 'page', pageId: '12' } } },
      { imgUrl: '/userimg/b.png', enable: false },
      { imgUrl: '' },
      { imgUrl: '/userimg/c.png', clickEvent: 'broken' },
    ]);
    expect(pics.map((p) => p.imgUrl)).toEqual(['/userimg/a.png', '/userimg/c.png']);
    expect(pics[0]!.clickEvent.enable).toBe(true);
    expect(pics[0]!.clickEvent.config).toMatchObject({
      action: 'page',
      pageId: '12',
      target: '_self',
      confirm: true,
    });
    expect(pics[1]!.clickEvent.enable).toBe(false);
  });
});

describe('navigation targets (widgets.md §5.1)', () => {
  it('opens a device page by its page id from a project page too', () => {
    const config = { action: 'page', page: { equipId: '5', equipPageId: '11' }, target: '_blank' };
    expect(targetOf({ config }, { kind: 'project', id: '3' })).toEqual({
      href: '/monitor/eg/detail/page/11/0',
      newWindow: true,
    });
  });
});
