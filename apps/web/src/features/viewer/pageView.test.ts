import { describe, expect, it } from 'vitest';
import { animationSchema, clickConfigSchema, defaultWidget, emptyPage, type Widget } from '@fieldhub/hmi';
import {
  fitScale,
  pageEquipments,
  planClick,
  safeLink,
  controlClick,
  isClickable,
  widgetKeys,
  popupSandbox,
} from './pageView';
import { scriptRequest } from './clickScript';

// The viewer's page rules (docs/requirements/pages-and-designer.md §8): fit, clicks, popups,
// links and page scripts. The live feeds and the value store are viewer.test.ts.

describe('page rules', () => {
  it('fit modes: fixed, fit to container (uniform), stretch, width, height', () => {
    const page = { width: 1000, height: 500 };
    const box = { width: 500, height: 500 };
    expect(fitScale('none', page, box)).toEqual({ x: 1, y: 1 });
    expect(fitScale('container', page, box)).toEqual({ x: 0.5, y: 0.5 });
    expect(fitScale('stretch', page, box)).toEqual({ x: 0.5, y: 1 });
    expect(fitScale('width', page, box)).toEqual({ x: 0.5, y: 0.5 });
    expect(fitScale('height', page, box)).toEqual({ x: 1, y: 1 });
    expect(fitScale('container', page, { width: 0, height: 0 })).toEqual({ x: 1, y: 1 });
  });

  it('collects the keys and devices a page reads', () => {
    const w: Widget = defaultWidget('UsualDataText', { id: 'a', x: 0, y: 0, width: 10, height: 10 });
    w.data = { ...w.data, signalId: '5', equipId: '1' };
    w.animation = [
      animationSchema.parse({ type: 'twinkle', enable: true, data: { signalId: '6', equipId: '2' } }),
    ];
    w.clickEvent = {
      enable: true,
      config: clickConfigSchema.parse({ data: { signalId: '7', equipId: '1' } }),
    };
    expect(widgetKeys(w).sort()).toEqual(['s:1.5', 's:1.7', 's:2.6']);
    const doc = emptyPage();
    doc.widgets = [w];
    doc.bind.equips = ['3'];
    expect(pageEquipments(doc).sort()).toEqual(['1', '2', '3']);
  });

  const device = { kind: 'equipment', equipmentId: '1' } as const;
  const project = { kind: 'project', projectId: '4' } as const;
  const click = (raw: Record<string, unknown>) => clickConfigSchema.parse(raw);

  it('plans clicks: write, page jump, link, iframe 600×600 centred, script', () => {
    expect(
      planClick(click({ action: 'write', data: { signalId: '5', equipId: '1' }, writeValue: '3' }), device),
    ).toEqual({ kind: 'write', equipId: '1', signalId: '5', mode: 'value' });
    const writeOf = (writeType: string) =>
      planClick(click({ action: 'write', writeType, data: { signalId: '5', equipId: '1' } }), device);
    expect(writeOf('input')).toMatchObject({ mode: 'input' });
    expect(writeOf('toggle')).toMatchObject({ mode: 'value' });
    expect(writeOf('step')).toMatchObject({ mode: 'value' });
    expect(writeOf('press')).toMatchObject({ mode: 'press' });
    expect(planClick(click({ action: 'write' }), device)).toBeNull();
    expect(planClick(click({ action: 'page', pageId: '12' }), device)).toEqual({
      kind: 'navigate',
      path: '/monitor/eg/detail/page/12/0',
      newWindow: false,
    });
    expect(
      planClick(click({ action: 'page', page: { equipPageId: '13' }, target: '_blank' }), project),
    ).toEqual({
      kind: 'navigate',
      path: '/monitor/project/4/page/13',
      newWindow: true,
    });
    expect(planClick(click({ action: 'link', link: 'https://example.com/a' }), device)).toMatchObject({
      kind: 'link',
      url: 'https://example.com/a',
    });
    expect(planClick(click({ action: 'link', link: 'javascript:alert(1)' }), device)).toBeNull();
    expect(planClick(click({ action: 'iframe', iframe: { pageId: '14' } }), device)).toEqual({
      kind: 'popup',
      content: { kind: 'page', scope: device, pageId: '14' },
      width: 600,
      height: 600,
      left: 0,
      top: 0,
      centered: true,
      title: '',
      titleShow: true,
    });
    expect(
      planClick(
        click({
          action: 'iframe',
          iframe: { link: 'https://example.com/trend' },
          window: { width: 400, height: 300, left: 20, top: 40, centered: false },
          titleShow: false,
        }),
        device,
      ),
    ).toEqual({
      kind: 'popup',
      content: { kind: 'link', src: 'https://example.com/trend' },
      width: 400,
      height: 300,
      left: 20,
      top: 40,
      centered: false,
      title: 'https://example.com/trend',
      titleShow: false,
    });
    expect(
      planClick(click({ action: 'iframe', iframe: { link: 'javascript:alert(1)' } }), device),
    ).toBeNull();
    expect(planClick(click({ action: 'script', script: 'api.jump(1)' }), device)).toEqual({
      kind: 'script',
      script: 'api.jump(1)',
    });
    expect(safeLink('data:text/html,x')).toBeNull();
    // a page jump into a popup: the page drawn in place, under its picked title
    expect(
      planClick(
        click({
          action: 'page',
          pageId: '12',
          pageTitle: 'Pumps',
          target: 'window',
          window: { width: 500, height: 320, left: 60, top: 80, centered: false },
        }),
        project,
      ),
    ).toMatchObject({
      kind: 'popup',
      content: { kind: 'page', scope: project, pageId: '12' },
      width: 500,
      left: 60,
      title: 'Pumps',
    });
    // a device page picked on a project page is that device's page, in the device viewer
    expect(
      planClick(
        click({ action: 'page', page: { equipId: '7', equipPageId: '21', equipTitle: 'Boiler' } }),
        project,
      ),
    ).toEqual({ kind: 'navigate', path: '/monitor/eg/detail/page/21/0', newWindow: false });
    expect(safeLink('/monitor/eg/list')).toBe('/monitor/eg/list');
    // a frame of this site's own addresses runs in an opaque origin; another site keeps its own
    const here = 'https://scada.example.cn/monitor/eg/detail/page/1/0';
    expect(popupSandbox('/userimg/msg/html/a.html', here)).toBe('allow-scripts allow-forms');
    expect(popupSandbox('https://scada.example.cn/x', here)).toBe('allow-scripts allow-forms');
    expect(popupSandbox('https://weather.example.com/', here)).toContain('allow-same-origin');
  });

  it('a bound switch writes its other value, with its own confirm flag', () => {
    const w = defaultWidget('UsualSelect', { id: 's', x: 0, y: 0 });
    expect(controlClick(w, 1)).toBeNull();
    expect(isClickable(w)).toBe(false);
    w.data = { ...w.data, signalId: '5', equipId: '1', onValue: 'on', offValue: 'off', confirm: false };
    expect(isClickable(w)).toBe(true);
    expect(controlClick(w, 'on')).toMatchObject({ action: 'write', writeValue: 'off', confirm: false });
    expect(controlClick(w, undefined)).toMatchObject({ writeValue: 'on' });
    w.clickEvent = { ...w.clickEvent, enable: true };
    expect(controlClick(w, 'on')).toBeNull();
  });

  it('bound radio, combo and input controls write the option clicked, one chosen, or one typed in', () => {
    const bound = (type: 'UsualRadio' | 'UsualComboBox' | 'UsualInput') => {
      const w = defaultWidget(type, { id: type, x: 0, y: 0 });
      w.data = { ...w.data, signalId: '5', equipId: '1', feedback: true };
      return w;
    };
    const radio = bound('UsualRadio');
    expect(controlClick(radio, 1, '2')).toMatchObject({
      writeType: 'fixed',
      writeValue: '2',
      feedback: true,
    });
    // the option already held, or a click beside the options, writes nothing
    expect(controlClick(radio, 2, '2')).toBeNull();
    expect(controlClick(radio, 1, null)).toBeNull();
    const combo = controlClick(bound('UsualComboBox'), 1);
    expect(combo).toMatchObject({ writeType: 'choose', confirm: true });
    expect(planClick(combo!, { kind: 'equipment', equipmentId: '1' })).toMatchObject({
      kind: 'write',
      mode: 'choose',
    });
    const input = controlClick(bound('UsualInput'), 1);
    expect(planClick(input!, { kind: 'equipment', equipmentId: '1' })).toMatchObject({ mode: 'input' });
    expect(controlClick(defaultWidget('UsualText', { id: 't', x: 0, y: 0 }), 1)).toBeNull();
  });

  it('a bound scroll bar or time selector writes the value its body picked, nothing on a plain click', () => {
    for (const type of ['UsualScrollbar', 'UsualTimeSelector'] as const) {
      const w = defaultWidget(type, { id: type, x: 0, y: 0 });
      expect(controlClick(w, 1, '30')).toBeNull();
      w.data = { ...w.data, signalId: '5', equipId: '1' };
      expect(isClickable(w)).toBe(true);
      expect(controlClick(w, 1, null)).toBeNull();
      const config = controlClick(w, 1, '30');
      expect(config).toMatchObject({ writeType: 'fixed', writeValue: '30', confirm: true });
      expect(planClick(config!, { kind: 'equipment', equipmentId: '1' })).toMatchObject({
        kind: 'write',
        mode: 'value',
      });
    }
  });

  it('click scripts: only a jump, a link or a message in the callback value does something', () => {
    expect(scriptRequest({ jump: 3 })).toEqual({ kind: 'jump', pageId: '3' });
    expect(scriptRequest({ open: 'https://example.com' })).toEqual({
      kind: 'open',
      url: 'https://example.com',
    });
    expect(scriptRequest({ message: 'done' })).toEqual({ kind: 'message', text: 'done' });
    expect(scriptRequest({ eval: 'x' })).toBeNull();
    expect(scriptRequest('jump')).toBeNull();
    expect(scriptRequest(null)).toBeNull();
  });
});
