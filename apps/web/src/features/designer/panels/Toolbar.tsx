/** The designer toolbar: save, history, clipboard, structure, lock, order, align, view toggles. */
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
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
import { useT, type KeyIn } from '../../../app/useT';
import { useStore } from 'zustand';
import { selectionUnits } from '@fieldhub/hmi';
import type { EditorStore } from '../editor/editorStore';
import {
  alignSelection,
  copyBlocked,
  distributeSelection,
  groupSelection,
  rotateStep,
  toggleLock,
  ungroupSelection,
  zorderSelection,
  type Refusal,
} from '../editor/editorActions';

interface ToolbarProps {
  store: EditorStore;
  saving: boolean;
  onSave: () => void;
  onSettings: () => void;
  onFit: () => void;
  onRefused: (key: KeyIn<'designer'>) => void;
  onInfo: (key: KeyIn<'designer'>) => void;
}

function Tool({
  id,
  title,
  icon,
  onClick,
  disabled,
  active,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  active?: boolean;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        data-testid={`tool-${id}`}
        aria-label={title}
        aria-pressed={active}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

const Sep = () => <span className="fh-sep" />;

export function Toolbar({ store, saving, onSave, onSettings, onFit, onRefused, onInfo }: ToolbarProps) {
  const { t } = useT('designer');
  const canUndo = useStore(store, (s) => s.history.past.length > 0);
  const canRedo = useStore(store, (s) => s.history.future.length > 0);
  const dirty = useStore(store, (s) => s.dirty);
  const count = useStore(store, (s) => s.selection.length);
  const allLocked = useStore(store, (s) => {
    const units = selectionUnits(s.doc, s.selection);
    return units.length > 0 && units.every((u) => u.locked);
  });
  const zoom = useStore(store, (s) => s.zoom);
  const grid = useStore(store, (s) => s.settings.grid);
  const ruler = useStore(store, (s) => s.settings.ruler);
  const preview = useStore(store, (s) => s.preview);
  const s = () => store.getState();
  const act = (refusal: Refusal) => {
    if (refusal) onRefused(refusal);
  };
  const none = count === 0;
  return (
    <div className="fh-designer-tools" data-testid="designer-toolbar">
      <Tool
        id="save"
        title={`${t('tool.save')} (Ctrl+S)`}
        icon={<SaveOutlined />}
        onClick={onSave}
        disabled={saving}
      >
        {dirty ? t('tool.save-dirty') : t('tool.save')}
      </Tool>
      <Sep />
      <Tool
        id="undo"
        title={`${t('tool.undo')} (Ctrl+Z)`}
        icon={<UndoOutlined />}
        onClick={() => s().undo()}
        disabled={!canUndo}
      />
      <Tool
        id="redo"
        title={`${t('tool.redo')} (Ctrl+Y)`}
        icon={<RedoOutlined />}
        onClick={() => s().redo()}
        disabled={!canRedo}
      />
      <Sep />
      <Tool
        id="copy"
        title={`${t('tool.copy')} (Ctrl+C)`}
        icon={<CopyOutlined />}
        disabled={none}
        onClick={() => s().copy() && onInfo('message.copied')}
      />
      <Tool
        id="cut"
        title={`${t('tool.cut')} (Ctrl+X)`}
        icon={<ScissorOutlined />}
        disabled={none}
        onClick={() => act(copyBlocked(s().cut()))}
      />
      <Tool
        id="paste"
        title={`${t('tool.paste')} (Ctrl+V)`}
        icon={<SnippetsOutlined />}
        onClick={() => act(copyBlocked(s().paste()))}
      />
      <Tool
        id="delete"
        title={`${t('tool.delete')} (Delete)`}
        icon={<DeleteOutlined />}
        disabled={none}
        onClick={() => s().deleteSelection()}
      />
      <Sep />
      <Tool
        id="group"
        title={`${t('tool.group')} (Ctrl+G)`}
        icon={<GroupOutlined />}
        disabled={count < 2}
        onClick={() => act(groupSelection(store))}
      />
      <Tool
        id="ungroup"
        title={`${t('tool.ungroup')} (Ctrl+Shift+G)`}
        icon={<UngroupOutlined />}
        disabled={none}
        onClick={() => act(ungroupSelection(store))}
      />
      <Tool
        id="lock"
        title={allLocked ? t('tool.unlock') : t('tool.lock')}
        icon={allLocked ? <UnlockOutlined /> : <LockOutlined />}
        disabled={none}
        onClick={() => act(toggleLock(store))}
      />
      <Sep />
      <Tool
        id="front"
        title={t('tool.front')}
        icon={<VerticalAlignTopOutlined rotate={0} />}
        disabled={none}
        onClick={() => act(zorderSelection(store, 'front'))}
      >
        {t('tool.front-short')}
      </Tool>
      <Tool
        id="back"
        title={t('tool.back')}
        icon={<VerticalAlignBottomOutlined />}
        disabled={none}
        onClick={() => act(zorderSelection(store, 'back'))}
      >
        {t('tool.back-short')}
      </Tool>
      <Sep />
      <Tool
        id="align-left"
        title={t('tool.align-left')}
        icon={<AlignLeftOutlined />}
        disabled={count < 2}
        onClick={() => act(alignSelection(store, 'left'))}
      />
      <Tool
        id="align-center"
        title={t('tool.align-center')}
        icon={<AlignCenterOutlined />}
        disabled={count < 2}
        onClick={() => act(alignSelection(store, 'center'))}
      />
      <Tool
        id="align-right"
        title={t('tool.align-right')}
        icon={<AlignRightOutlined />}
        disabled={count < 2}
        onClick={() => act(alignSelection(store, 'right'))}
      />
      <Tool
        id="align-top"
        title={t('tool.align-top')}
        icon={<VerticalAlignTopOutlined />}
        disabled={count < 2}
        onClick={() => act(alignSelection(store, 'top'))}
      />
      <Tool
        id="align-middle"
        title={t('tool.align-middle')}
        icon={<VerticalAlignMiddleOutlined />}
        disabled={count < 2}
        onClick={() => act(alignSelection(store, 'middle'))}
      />
      <Tool
        id="align-bottom"
        title={t('tool.align-bottom')}
        icon={<VerticalAlignBottomOutlined />}
        disabled={count < 2}
        onClick={() => act(alignSelection(store, 'bottom'))}
      />
      <Tool
        id="distribute-h"
        title={t('tool.distribute-h')}
        icon={<ColumnWidthOutlined />}
        disabled={count < 3}
        onClick={() => act(distributeSelection(store, 'horizontal'))}
      />
      <Tool
        id="distribute-v"
        title={t('tool.distribute-v')}
        icon={<ColumnHeightOutlined />}
        disabled={count < 3}
        onClick={() => act(distributeSelection(store, 'vertical'))}
      />
      <Sep />
      <Tool
        id="rotate-left"
        title={t('tool.rotate-left')}
        icon={<RotateLeftOutlined />}
        disabled={none}
        onClick={() => act(rotateStep(store, -1))}
      />
      <Tool
        id="rotate-right"
        title={t('tool.rotate-right')}
        icon={<RotateRightOutlined />}
        disabled={none}
        onClick={() => act(rotateStep(store, 1))}
      />
      <Sep />
      <Tool
        id="zoom-out"
        title={t('tool.zoom-out')}
        icon={<ZoomOutOutlined />}
        onClick={() => s().setZoom(zoom / 1.25)}
      />
      <Tool id="zoom-reset" title={t('tool.zoom-reset')} onClick={() => s().setZoom(1)}>
        <span data-testid="zoom-value">{Math.round(zoom * 100)}%</span>
      </Tool>
      <Tool
        id="zoom-in"
        title={t('tool.zoom-in')}
        icon={<ZoomInOutlined />}
        onClick={() => s().setZoom(zoom * 1.25)}
      />
      <Tool id="zoom-fit" title={t('tool.zoom-fit')} icon={<ExpandOutlined />} onClick={onFit} />
      <Sep />
      <Tool
        id="grid"
        title={t('tool.grid')}
        icon={<BorderInnerOutlined />}
        active={grid}
        onClick={() => s().setSettings({ ...s().settings, grid: !grid })}
      />
      <Tool
        id="ruler"
        title={t('tool.ruler')}
        active={ruler}
        onClick={() => s().setSettings({ ...s().settings, ruler: !ruler })}
      >
        <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4">
          <rect x="1" y="5" width="14" height="6" />
          <path d="M4 5v3M7 5v2M10 5v3M13 5v2" />
        </svg>
      </Tool>
      <Tool
        id="preview"
        title={t('tool.preview')}
        icon={<PlayCircleOutlined />}
        active={preview}
        onClick={() => s().setPreview(!preview)}
      />
      <Tool id="settings" title={t('tool.settings')} icon={<SettingOutlined />} onClick={onSettings} />
    </div>
  );
}
