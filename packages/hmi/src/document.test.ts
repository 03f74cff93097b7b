import { describe, expect, it } from 'vitest';
import {
  CREATABLE_TYPES,
  WIDGET_CATALOGUE,
  WIDGET_TYPES,
  defaultWidget,
  emptyPage,
  pageDocumentSchema,
  designerSettingsSchema,
  clickEventSchema,
  animationSchema,
  UnsupportedWidgetTypeError,
  type WidgetType,
} from './index';

describe('page document schema', () => {
  it('gives an empty page of 1024×768, white, fit container, version 1', () => {
    const page = emptyPage();
    expect(page.version).toBe(1);
    expect(page.options).toMatchObject({
      width: 1024,
      height: 768,
      bgColor: '#FFFFFF',
      fit: 'container',
      checkpwd: false,
      password: '',
    });
    expect(page.widgets).toEqual([]);
    expect(page.groups).toEqual([]);
    expect(page.bind).toEqual({ equips: [], signals: [], keys: [], mvars: [] });
  });

  it('converts page width and height given as text to numbers', () => {
    const page = pageDocumentSchema.parse({ version: 1, options: { width: '800', height: '600' } });
    expect(page.options.width).toBe(800);
    expect(page.options.height).toBe(600);
  });

  it('rejects a non-numeric page width', () => {
    expect(pageDocumentSchema.safeParse({ version: 1, options: { width: 'abc' } }).success).toBe(false);
  });

  it('rejects an unknown widget type', () => {
    const page = emptyPage();
    const bad = { ...page, widgets: [{ ...defaultWidget('ShapeRect', { id: 'a' }), widgetType: 'Nope' }] };
    expect(pageDocumentSchema.safeParse(bad).success).toBe(false);
  });

  it('keeps widget-specific data and style fields through a parse', () => {
    const w = defaultWidget('UsualComboBox', { id: 'c1' });
    const page = pageDocumentSchema.parse({ ...emptyPage(), widgets: [w] });
    expect(page.widgets[0]?.data['placeholder']).toBe('请选择');
    expect(page.widgets[0]?.style['rightDistance']).toBe(10);
    expect(page.widgets[0]).toEqual(w);
  });

  it('designer settings default to autoSave off, interval 5, grid and ruler on, adsorb off', () => {
    expect(designerSettingsSchema.parse({})).toEqual({
      autoSave: false,
      saveInterval: 5,
      grid: true,
      ruler: true,
      adsorb: false,
      dataTextShow: 'signalName',
    });
  });

  it('click events default to disabled write with confirmation, 1000 ms delay, 600×600 window', () => {
    const ev = clickEventSchema.parse({});
    expect(ev.enable).toBe(false);
    expect(ev.config.action).toBe('write');
    expect(ev.config.target).toBe('_self');
    expect(ev.config.writeType).toBe('fixed');
    expect(ev.config.pressType).toBe('set1');
    expect(ev.config.delay).toEqual({ enable: false, time: 1000 });
    expect(ev.config.window).toMatchObject({ width: 600, height: 600, centered: true });
  });

  it('animations are disabled by default with condition == 0; rotate speed 1000 ms', () => {
    const a = animationSchema.parse({ type: 'rotate' });
    expect(a).toMatchObject({ enable: false, symbol: '==', value: '0', speed: 1000 });
    expect(animationSchema.safeParse({ type: 'spin' }).success).toBe(false);
  });
});

describe('widget catalogue and defaults', () => {
  it('has one catalogue entry per widget type with both labels', () => {
    expect(WIDGET_CATALOGUE.map((e) => e.type)).toEqual([...WIDGET_TYPES]);
    for (const e of WIDGET_CATALOGUE) {
      expect(e.label.zh).not.toBe('');
      expect(e.label.en).not.toBe('');
      expect(e.defaultSize.width).toBeGreaterThan(0);
    }
  });

  it('creates every creatable type at the catalogue size, unlocked, unrotated, textId = id', () => {
    for (const type of CREATABLE_TYPES) {
      const w = defaultWidget(type, { id: `id-${type}`, x: 10, y: 20 });
      const entry = WIDGET_CATALOGUE.find((e) => e.type === type)!;
      expect(w.position).toMatchObject({ x: 10, y: 20, rotate: 0, ...entry.defaultSize });
      expect(w.posLock).toBe(false);
      expect(w.textId).toBe(w.id);
      expect(w.data.type).toBe('signal');
    }
  });

  it('refuses to create a type it does not know (every catalogue type is creatable since issue 8)', () => {
    expect(() => defaultWidget('NoSuchWidget' as WidgetType, { id: 'x' })).toThrow(
      UnsupportedWidgetTypeError,
    );
  });

  it('does not share default objects between two widgets', () => {
    const a = defaultWidget('ShapeRect', { id: 'a' });
    const b = defaultWidget('ShapeRect', { id: 'b' });
    expect(a.style).not.toBe(b.style);
    expect(a.style.stroke).not.toBe(b.style.stroke);
  });
});
