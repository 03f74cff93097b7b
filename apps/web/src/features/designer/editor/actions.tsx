/**
 * The designer's actions, each described once (docs/requirements/pages-and-designer.md §4.10): id,
 * label, icon, shortcuts, when it is enabled or pressed, and what it does. The toolbar, the
 * keyboard and the canvas's context menu are drawn from this list, so a shortcut shown in a tooltip
 * is the one the keyboard runs and a disabled button is a disabled menu entry.
 */
import type { ReactNode } from 'react';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  AppstoreAddOutlined,
  BorderInnerOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExpandOutlined,
  GroupOutlined,
  LockOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SaveOutlined,
  ScissorOutlined,
  SelectOutlined,
  SettingOutlined,
  SnippetsOutlined,
  UndoOutlined,
  UngroupOutlined,
  UnlockOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import {
  DISTRIBUTE_MIN_WIDGETS,
  GROUP_MIN_MEMBERS,
  selectionUnits,
  type AlignEdge,
  type DistributeAxis,
} from '@fieldhub/hmi';
import type { KeyIn } from '../../../app/useT';
import type { EditorState, EditorStore } from './editorStore';
import {
  alignSelection,
  copyBlocked,
  distributeSelection,
  groupSelection,
  nudgeSelection,
  rotateStep,
  toggleLock,
  ungroupSelection,
  zorderSelection,
  type Refusal,
} from './editorActions';
import { matches, type KeyPress, type Shortcut } from './shortcutKeys';
import { pointerUnits } from './units';

/** What the enabled and pressed rules read, kept small so the toolbar redraws only when it changes. */
export interface ActionView {
  count: number;
  canUndo: boolean;
  canRedo: boolean;
  allLocked: boolean;
  dirty: boolean;
  saving: boolean;
  zoom: number;
  grid: boolean;
  ruler: boolean;
  preview: boolean;
}

export function actionView(s: EditorState, saving: boolean): ActionView {
  const units = s.selection.length ? selectionUnits(s.doc, s.selection) : [];
  return {
    count: s.selection.length,
    canUndo: s.history.past.length > 0,
    canRedo: s.history.future.length > 0,
    allLocked: units.length > 0 && units.every((u) => u.locked),
    dirty: s.dirty,
    saving,
    zoom: s.zoom,
    grid: s.settings.grid,
    ruler: s.settings.ruler,
    preview: s.preview,
  };
}

/** What an action may reach beyond the editor store: the page's save, dialogs and messages. */
export interface ActionEnv {
  store: EditorStore;
  save(): void;
  settings(): void;
  fit(): void;
  refused(key: NonNullable<Refusal>): void;
  info(key: KeyIn<'designer'>): void;
  /** asks for a name and saves the selection as a symbol (pages-and-designer.md §12.2) */
  saveSymbol(): void;
}

/** Toolbar sections, in order; separators fall between them. */
export const BAR_GROUPS = [
  'file',
  'history',
  'clipboard',
  'structure',
  'order',
  'align',
  'turn',
  'zoom',
  'view',
] as const;
export type BarGroup = (typeof BAR_GROUPS)[number];

export interface EditorAction {
  id: string;
  label(v: ActionView): KeyIn<'designer'>;
  icon?(v: ActionView): ReactNode;
  /** text beside the icon on the toolbar (a key of the designer namespace, or a figure) */
  text?(v: ActionView): { key: KeyIn<'designer'> } | { plain: string; testId: string };
  shortcuts?: Shortcut[];
  /** its toolbar section; without one it is not on the toolbar */
  bar?: BarGroup;
  /** offered in the canvas's context menu */
  menu?: boolean;
  enabled?(v: ActionView): boolean;
  active?(v: ActionView): boolean;
  /** its shortcut works while a field has the focus (Ctrl+S) */
  inFields?: boolean;
  perform(env: ActionEnv): Refusal;
}

const some = (v: ActionView) => v.count > 0;

const RULER_ICON = (
  <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4">
    <rect x="1" y="5" width="14" height="6" />
    <path d="M4 5v3M7 5v2M10 5v3M13 5v2" />
  </svg>
);

function align(edge: AlignEdge, icon: ReactNode): EditorAction {
  return {
    id: `align-${edge}`,
    label: () => `tool.align-${edge}`,
    icon: () => icon,
    bar: 'align',
    enabled: (v) => v.count >= 2,
    perform: ({ store }) => alignSelection(store, edge),
  };
}

function distribute(axis: DistributeAxis, id: 'h' | 'v', icon: ReactNode): EditorAction {
  return {
    id: `distribute-${id}`,
    label: () => `tool.distribute-${id}`,
    icon: () => icon,
    bar: 'align',
    enabled: (v) => v.count >= DISTRIBUTE_MIN_WIDGETS,
    perform: ({ store }) => distributeSelection(store, axis),
  };
}

/** Arrow keys move the selection 1 px, with Shift 10 px; keyboard only. */
function nudges(): EditorAction[] {
  const arrows = [
    ['left', -1, 0],
    ['right', 1, 0],
    ['up', 0, -1],
    ['down', 0, 1],
  ] as const;
  return arrows.flatMap(([dir, dx, dy]) =>
    [1, 10].map((step): EditorAction => ({
      id: `nudge-${dir}-${step}`,
      label: () => 'tool.nudge',
      shortcuts: [{ key: `arrow${dir}`, shift: step === 10 }],
      perform: ({ store }) => nudgeSelection(store, dx * step, dy * step),
    })),
  );
}

export const EDITOR_ACTIONS: readonly EditorAction[] = [
  {
    id: 'save',
    label: () => 'tool.save',
    icon: () => <SaveOutlined />,
    text: (v) => ({ key: v.dirty ? 'tool.save-dirty' : 'tool.save' }),
    shortcuts: [{ key: 's', ctrl: true }],
    bar: 'file',
    inFields: true,
    enabled: (v) => !v.saving,
    perform: (env) => (env.save(), null),
  },
  {
    id: 'undo',
    label: () => 'tool.undo',
    icon: () => <UndoOutlined />,
    shortcuts: [{ key: 'z', ctrl: true }],
    bar: 'history',
    enabled: (v) => v.canUndo,
    perform: ({ store }) => (store.getState().undo(), null),
  },
  {
    id: 'redo',
    label: () => 'tool.redo',
    icon: () => <RedoOutlined />,
    shortcuts: [
      { key: 'y', ctrl: true },
      { key: 'z', ctrl: true, shift: true },
    ],
    bar: 'history',
    enabled: (v) => v.canRedo,
    perform: ({ store }) => (store.getState().redo(), null),
  },
  {
    id: 'copy',
    label: () => 'tool.copy',
    icon: () => <CopyOutlined />,
    shortcuts: [{ key: 'c', ctrl: true }],
    bar: 'clipboard',
    menu: true,
    enabled: some,
    perform: (env) => {
      if (env.store.getState().copy()) env.info('message.copied');
      return null;
    },
  },
  {
    id: 'cut',
    label: () => 'tool.cut',
    icon: () => <ScissorOutlined />,
    shortcuts: [{ key: 'x', ctrl: true }],
    bar: 'clipboard',
    menu: true,
    enabled: some,
    perform: ({ store }) => copyBlocked(store.getState().cut()),
  },
  {
    id: 'paste',
    label: () => 'tool.paste',
    icon: () => <SnippetsOutlined />,
    shortcuts: [{ key: 'v', ctrl: true }],
    bar: 'clipboard',
    menu: true,
    perform: ({ store }) => copyBlocked(store.getState().paste()),
  },
  {
    id: 'delete',
    label: () => 'tool.delete',
    icon: () => <DeleteOutlined />,
    shortcuts: [{ key: 'delete' }, { key: 'backspace' }],
    bar: 'clipboard',
    menu: true,
    enabled: some,
    perform: ({ store }) => (store.getState().deleteSelection(), null),
  },
  {
    id: 'select-all',
    label: () => 'tool.select-all',
    icon: () => <SelectOutlined />,
    shortcuts: [{ key: 'a', ctrl: true }],
    menu: true,
    perform: ({ store }) => {
      const s = store.getState();
      s.select([...pointerUnits(s.doc).keys()]);
      return null;
    },
  },
  {
    id: 'deselect',
    label: () => 'tool.deselect',
    shortcuts: [{ key: 'escape' }],
    perform: ({ store }) => (store.getState().select([]), null),
  },
  {
    id: 'group',
    label: () => 'tool.group',
    icon: () => <GroupOutlined />,
    shortcuts: [{ key: 'g', ctrl: true }],
    bar: 'structure',
    menu: true,
    enabled: (v) => v.count >= GROUP_MIN_MEMBERS,
    perform: ({ store }) => groupSelection(store),
  },
  {
    id: 'ungroup',
    label: () => 'tool.ungroup',
    icon: () => <UngroupOutlined />,
    shortcuts: [{ key: 'g', ctrl: true, shift: true }],
    bar: 'structure',
    menu: true,
    enabled: some,
    perform: ({ store }) => ungroupSelection(store),
  },
  {
    id: 'save-symbol',
    label: () => 'symbol.save-action',
    icon: () => <AppstoreAddOutlined />,
    bar: 'structure',
    menu: true,
    enabled: some,
    perform: (env) => (env.saveSymbol(), null),
  },
  {
    id: 'lock',
    label: (v) => (v.allLocked ? 'tool.unlock' : 'tool.lock'),
    icon: (v) => (v.allLocked ? <UnlockOutlined /> : <LockOutlined />),
    bar: 'structure',
    menu: true,
    enabled: some,
    perform: ({ store }) => toggleLock(store),
  },
  {
    id: 'front',
    label: () => 'tool.front',
    icon: () => <VerticalAlignTopOutlined />,
    text: () => ({ key: 'tool.front-short' }),
    bar: 'order',
    menu: true,
    enabled: some,
    perform: ({ store }) => zorderSelection(store, 'front'),
  },
  {
    id: 'back',
    label: () => 'tool.back',
    icon: () => <VerticalAlignBottomOutlined />,
    text: () => ({ key: 'tool.back-short' }),
    bar: 'order',
    menu: true,
    enabled: some,
    perform: ({ store }) => zorderSelection(store, 'back'),
  },
  align('left', <AlignLeftOutlined />),
  align('center', <AlignCenterOutlined />),
  align('right', <AlignRightOutlined />),
  align('top', <VerticalAlignTopOutlined />),
  align('middle', <VerticalAlignMiddleOutlined />),
  align('bottom', <VerticalAlignBottomOutlined />),
  distribute('horizontal', 'h', <ColumnWidthOutlined />),
  distribute('vertical', 'v', <ColumnHeightOutlined />),
  {
    id: 'rotate-left',
    label: () => 'tool.rotate-left',
    icon: () => <RotateLeftOutlined />,
    bar: 'turn',
    menu: true,
    enabled: some,
    perform: ({ store }) => rotateStep(store, -1),
  },
  {
    id: 'rotate-right',
    label: () => 'tool.rotate-right',
    icon: () => <RotateRightOutlined />,
    bar: 'turn',
    menu: true,
    enabled: some,
    perform: ({ store }) => rotateStep(store, 1),
  },
  {
    id: 'zoom-out',
    label: () => 'tool.zoom-out',
    icon: () => <ZoomOutOutlined />,
    bar: 'zoom',
    perform: ({ store }) => (store.getState().setZoom(store.getState().zoom / 1.25), null),
  },
  {
    id: 'zoom-reset',
    label: () => 'tool.zoom-reset',
    text: (v) => ({ plain: `${Math.round(v.zoom * 100)}%`, testId: 'zoom-value' }),
    bar: 'zoom',
    perform: ({ store }) => (store.getState().setZoom(1), null),
  },
  {
    id: 'zoom-in',
    label: () => 'tool.zoom-in',
    icon: () => <ZoomInOutlined />,
    bar: 'zoom',
    perform: ({ store }) => (store.getState().setZoom(store.getState().zoom * 1.25), null),
  },
  {
    id: 'zoom-fit',
    label: () => 'tool.zoom-fit',
    icon: () => <ExpandOutlined />,
    bar: 'zoom',
    perform: (env) => (env.fit(), null),
  },
  {
    id: 'grid',
    label: () => 'tool.grid',
    icon: () => <BorderInnerOutlined />,
    bar: 'view',
    active: (v) => v.grid,
    perform: ({ store }) => {
      const s = store.getState();
      s.setSettings({ ...s.settings, grid: !s.settings.grid });
      return null;
    },
  },
  {
    id: 'ruler',
    label: () => 'tool.ruler',
    icon: () => RULER_ICON,
    bar: 'view',
    active: (v) => v.ruler,
    perform: ({ store }) => {
      const s = store.getState();
      s.setSettings({ ...s.settings, ruler: !s.settings.ruler });
      return null;
    },
  },
  {
    id: 'preview',
    label: () => 'tool.preview',
    icon: () => <PlayCircleOutlined />,
    bar: 'view',
    active: (v) => v.preview,
    perform: ({ store }) => (store.getState().setPreview(!store.getState().preview), null),
  },
  {
    id: 'settings',
    label: () => 'tool.settings',
    icon: () => <SettingOutlined />,
    bar: 'view',
    perform: (env) => (env.settings(), null),
  },
  ...nudges(),
];

/**
 * Runs an action; a refusal goes to the user as a message. The enabled rule is for drawing (a
 * disabled button or menu entry): a shortcut still runs and says why nothing happened.
 */
export function runAction(action: EditorAction, env: ActionEnv): void {
  const refusal = action.perform(env);
  if (refusal) env.refused(refusal);
}

/** The action a key press runs, if any. */
export function actionForKey(e: KeyPress): EditorAction | undefined {
  return EDITOR_ACTIONS.find((a) => a.shortcuts?.some((k) => matches(k, e)));
}
