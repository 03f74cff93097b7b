import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGNER_SETTINGS, defaultWidget, emptyPage } from '@fieldhub/hmi';
import en from '../../../locales/en-US/designer.json';
import zh from '../../../locales/zh-CN/designer.json';
import { BAR_GROUPS, EDITOR_ACTIONS, actionForKey, actionView, runAction, type ActionEnv } from './actions';
import { createEditorStore } from './editorStore';
import { matches, shortcutText, type KeyPress } from './shortcutKeys';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

function envOn(ids: string[]) {
  const page = emptyPage();
  page.widgets = ids.map((id, i) =>
    defaultWidget('ShapeRect', { id, x: 20 + i * 60, y: 20, width: 40, height: 20 }),
  );
  const store = createEditorStore(page, 1, DEFAULT_DESIGNER_SETTINGS);
  const said: string[] = [];
  const env: ActionEnv = {
    store,
    save: () => said.push('save'),
    settings: () => said.push('settings'),
    fit: () => said.push('fit'),
    refused: (key) => said.push(`refused:${key}`),
    info: (key) => said.push(`info:${key}`),
    saveSymbol: () => said.push('saveSymbol'),
  };
  return { store, env, said };
}

const byId = (id: string) => EDITOR_ACTIONS.find((a) => a.id === id)!;
const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('shortcut keys', () => {
  it('match their key with exactly their Ctrl (or ⌘) and Shift', () => {
    expect(matches({ key: 'z', ctrl: true }, press('Z', { ctrlKey: true }))).toBe(true);
    expect(matches({ key: 'z', ctrl: true }, press('z', { metaKey: true }))).toBe(true);
    expect(matches({ key: 'z', ctrl: true }, press('z', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(matches({ key: 'z', ctrl: true }, press('z'))).toBe(false);
    expect(matches({ key: 'delete' }, press('Delete'))).toBe(true);
  });

  it('are written as the tooltips show them', () => {
    expect(shortcutText({ key: 'g', ctrl: true, shift: true })).toBe('Ctrl+Shift+G');
    expect(shortcutText({ key: 'arrowleft', shift: true })).toBe('Shift+←');
    expect(shortcutText({ key: 'delete' })).toBe('Delete');
  });
});

describe('the action registry', () => {
  it('has unique ids, no key bound twice, and every label in both languages', () => {
    const ids = EDITOR_ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = EDITOR_ACTIONS.flatMap((a) => (a.shortcuts ?? []).map(shortcutText));
    expect(new Set(keys).size).toBe(keys.length);
    const view = actionView(envOn([]).store.getState(), false);
    for (const a of EDITOR_ACTIONS)
      for (const v of [view, { ...view, allLocked: true }]) {
        const key = a.label(v);
        expect(typeof lookup(en, key), `${a.id}: ${key} (en)`).toBe('string');
        expect(typeof lookup(zh, key), `${a.id}: ${key} (zh)`).toBe('string');
      }
    expect(EDITOR_ACTIONS.every((a) => !a.bar || BAR_GROUPS.includes(a.bar))).toBe(true);
  });

  it('runs the action of a key press: Ctrl+Shift+G ungroups, Ctrl+G groups, Shift+arrow moves 10 px', () => {
    const { store, env } = envOn(['a', 'b']);
    store.getState().select(['a', 'b']);
    runAction(actionForKey(press('g', { ctrlKey: true }))!, env);
    expect(store.getState().doc.groups).toHaveLength(1);
    runAction(actionForKey(press('g', { ctrlKey: true, shiftKey: true }))!, env);
    expect(store.getState().doc.groups).toHaveLength(0);
    store.getState().select(['a']);
    runAction(actionForKey(press('ArrowRight', { shiftKey: true }))!, env);
    expect(store.getState().doc.widgets[0]!.position.x).toBe(30);
    runAction(actionForKey(press('ArrowRight'))!, env);
    expect(store.getState().doc.widgets[0]!.position.x).toBe(31);
    expect(actionForKey(press('q', { ctrlKey: true }))).toBeUndefined();
  });

  it('draws a button disabled where it cannot run, and a shortcut still says why', () => {
    const { store, env, said } = envOn(['a', 'b']);
    store.getState().select(['a']);
    const view = actionView(store.getState(), false);
    expect(byId('group').enabled!(view)).toBe(false);
    expect(byId('copy').enabled!(view)).toBe(true);
    expect(byId('lock').label(view)).toBe('tool.lock');
    runAction(byId('group'), env);
    expect(said).toEqual(['refused:message.group-needs-two']);
    runAction(byId('lock'), env);
    expect(byId('lock').label(actionView(store.getState(), false))).toBe('tool.unlock');
    runAction(byId('copy'), env);
    expect(said.at(-1)).toBe('info:message.copied');
    expect(byId('save').enabled!(actionView(store.getState(), true))).toBe(false);
  });
});
