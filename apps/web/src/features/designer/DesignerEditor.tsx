/**
 * The open designer: header, toolbar, palette / layers / signals on the left, the canvas, the
 * property panel on the right, the status bar. Shows the props that opening reset to their defaults
 * (PropsResetNotice), runs the binding repair once on open and reports what it changed (an
 * undoable edit, so nothing is lost without the user seeing it).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, List, Popover, Tabs, Tag, Typography } from 'antd';
import { ClosableBanner } from '../../app/components/ClosableBanner';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useT, type KeyIn } from '../../app/useT';
import { useStore } from 'zustand';
import { findWidget, type DesignerSettings, type WidgetRepair, type WidgetType } from '@fieldhub/hmi';
import { LangSwitch } from '../../app/LangSwitch';
import { Canvas } from './canvas/Canvas';
import { CanvasMenu } from './canvas/CanvasMenu';
import type { StoredPage } from '../../app/pages/pageApi';
import { saveSettings } from './data/designerSettings';
import { repairOnOpen } from './editor/bindingRepair';
import { addWidgetAt } from './editor/editorActions';
import { createEditorStore } from './editor/editorStore';
import { useSaving } from './editor/useSaving';
import { useShortcuts } from './editor/useShortcuts';
import type { ActionEnv } from './editor/actions';
import { LayersPanel } from './panels/LayersPanel';
import { PropsResetNotice } from './PropsResetNotice';
import { Palette } from './panels/Palette';
import { PropertyPanel } from './panels/PropertyPanel';
import { SettingsDialog } from './panels/SettingsDialog';
import { Toolbar } from './panels/Toolbar';
import { SignalsPanel } from './signals/SignalsPanel';
import { SaveSymbolDialog } from './symbols/SaveSymbolDialog';
import { SymbolsPanel } from './symbols/SymbolsPanel';
import { useSignalSource } from './signals/useSignalSource';

export type PageOwner = { kind: 'equipment' | 'project' | 'template'; id: string };

/** Where the back button goes: the owner's screen in the management area. */
function backPath(owner: PageOwner): string {
  if (owner.kind === 'equipment') return `/manage/eg/equipment/edit/${owner.id}`;
  if (owner.kind === 'template') return `/manage/eg/template/edit/${owner.id}`;
  return '/manage/eg/project/list';
}

interface DesignerEditorProps {
  page: StoredPage;
  owner: PageOwner;
  settings: DesignerSettings;
}

type RepairState =
  { state: 'running' } | { state: 'done'; report: WidgetRepair[] } | { state: 'failed'; message: string };

export function DesignerEditor({ page, owner, settings }: DesignerEditorProps) {
  const { t } = useT('designer');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [store] = useState(() => {
    performance.mark('designer:render');
    return createEditorStore(page.doc, page.version, settings);
  });
  const cursorRef = useRef<HTMLSpanElement>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [symbolOpen, setSymbolOpen] = useState(false);
  const [repair, setRepair] = useState<RepairState>({ state: 'running' });
  const pageEquipId = owner.kind === 'equipment' ? owner.id : undefined;
  const { source: signals, modal: signalPicker } = useSignalSource(pageEquipId);
  const { save, state: saveState, savedAt, leaveDialog } = useSaving(store, page.id);
  const title = useStore(store, (s) => s.doc.options.title);
  const dirty = useStore(store, (s) => s.dirty);
  const selectionCount = useStore(store, (s) => s.selection.length);
  const widgetCount = useStore(store, (s) => s.doc.widgets.length);
  const version = useStore(store, (s) => s.version);
  const currentSettings = useStore(store, (s) => s.settings);

  const refused = useCallback((key: KeyIn<'designer'>) => void message.warning(t(key)), [message, t]);

  // binding repair, once, when the page opens
  useEffect(() => {
    let live = true;
    repairOnOpen(store.getState().doc, pageEquipId)
      .then((outcome) => {
        if (!live) return;
        if (outcome.widgets.length) store.getState().run({ type: 'updateWidgets', widgets: outcome.widgets });
        setRepair({ state: 'done', report: outcome.report });
      })
      .catch(
        (e: unknown) =>
          live && setRepair({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [store, pageEquipId]);

  // grid and ruler toggles of the toolbar are settings too: keep them with the user
  const firstSettings = useRef(currentSettings);
  useEffect(() => {
    if (currentSettings === firstSettings.current) return;
    const timer = setTimeout(() => void saveSettings(currentSettings).catch(() => undefined), 500);
    return () => clearTimeout(timer);
  }, [currentSettings]);

  const addFromPalette = useCallback(
    (type: WidgetType, label: string) => {
      // the middle of the visible page area, stepped so repeated clicks do not stack exactly
      const scroller = document.querySelector<HTMLElement>('[data-testid=designer-scroller]');
      const pageEl = document.querySelector<HTMLElement>('[data-testid=designer-page]');
      const s = store.getState();
      let cx = s.doc.options.width / 2;
      let cy = s.doc.options.height / 2;
      if (scroller && pageEl) {
        const a = scroller.getBoundingClientRect();
        const p = pageEl.getBoundingClientRect();
        cx = Math.min(s.doc.options.width - 20, Math.max(20, (a.left + a.width / 2 - p.left) / s.zoom));
        cy = Math.min(s.doc.options.height - 20, Math.max(20, (a.top + a.height / 2 - p.top) / s.zoom));
      }
      const step = (s.doc.widgets.length % 10) * 12;
      const refusal = addWidgetAt(store, type, cx + step, cy + step, label);
      if (refusal) refused(refusal);
    },
    [store, refused],
  );

  const fit = useCallback(() => {
    const scroller = document.querySelector<HTMLElement>('[data-testid=designer-scroller]');
    if (!scroller) return;
    const s = store.getState();
    const z = Math.min(
      (scroller.clientWidth - 80) / s.doc.options.width,
      (scroller.clientHeight - 80) / s.doc.options.height,
    );
    s.setZoom(z);
  }, [store]);

  // what the toolbar, the keyboard and the context menu run (editor/actions.tsx)
  const env = useMemo<ActionEnv>(
    () => ({
      store,
      save: () => void save(),
      settings: () => setSettingsOpen(true),
      fit,
      refused,
      info: (key) => void message.info(t(key)),
      saveSymbol: () => setSymbolOpen(true),
    }),
    [store, save, fit, refused, message, t],
  );
  useShortcuts(env);

  const saveLabel =
    saveState === 'saving'
      ? t('status.saving')
      : saveState === 'conflict'
        ? t('status.conflict')
        : saveState === 'failed'
          ? t('status.failed')
          : dirty
            ? t('status.unsaved')
            : t('status.saved');

  return (
    <div className="fh-designer" data-testid="designer">
      <div className="fh-designer-head">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          style={{ color: '#e5e7eb' }}
          onClick={() => navigate(backPath(owner))}
          data-testid="designer-back"
        >
          {t('head.back')}
        </Button>
        <span className="fh-title" data-testid="designer-title">
          {title || t('head.untitled')}
        </span>
        <Tag
          color={dirty ? 'orange' : 'green'}
          data-testid="designer-save-state"
          data-dirty={dirty ? 'yes' : 'no'}
        >
          {saveLabel}
        </Tag>
        <span className="fh-sub">{t(`head.owner-${owner.kind}`, { id: owner.id })}</span>
        <span className="fh-grow" />
        <LangSwitch />
      </div>
      <Toolbar env={env} saving={saveState === 'saving'} />
      <div className="fh-designer-left">
        <Tabs
          size="small"
          centered
          items={[
            { key: 'widgets', label: t('left.widgets'), children: <Palette onAdd={addFromPalette} /> },
            { key: 'layers', label: t('left.layers'), children: <LayersPanel store={store} /> },
            {
              key: 'signals',
              label: t('left.signals'),
              children: <SignalsPanel store={store} pageEquipId={pageEquipId} />,
            },
            {
              key: 'symbols',
              label: t('left.symbols'),
              children: <SymbolsPanel store={store} pageEquipId={pageEquipId} owner={owner} />,
            },
          ]}
        />
      </div>
      <div
        style={{
          gridArea: 'canvas',
          position: 'relative',
          minHeight: 0,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <PropsResetNotice doc={page.doc} repairs={page.repairs} />
        <RepairBanner repair={repair} store={store} />
        <div style={{ flex: 1, position: 'relative', minHeight: 0 }}>
          <CanvasMenu env={env}>
            <Canvas store={store} cursorRef={cursorRef} onRefused={refused} />
          </CanvasMenu>
        </div>
      </div>
      <div className="fh-designer-right">
        <PropertyPanel store={store} signals={signals} page={page} />
      </div>
      <div className="fh-designer-status" data-testid="designer-status">
        <span ref={cursorRef}>X 0 Y 0</span>
        <span data-testid="status-selection">{t('status.selection', { n: selectionCount })}</span>
        <span data-testid="status-widgets">{t('status.widgets', { n: widgetCount })}</span>
        <span>{t('status.version', { v: version })}</span>
        {savedAt && <span>{t('status.saved-at', { time: savedAt.toLocaleTimeString() })}</span>}
        {currentSettings.autoSave && <span>{t('status.autosave', { n: currentSettings.saveInterval })}</span>}
        <span style={{ flex: 1 }} />
        <span>{t('status.hint')}</span>
      </div>
      <SettingsDialog
        open={settingsOpen}
        settings={currentSettings}
        onCancel={() => setSettingsOpen(false)}
        onSave={async (next) => {
          await saveSettings(next);
          store.getState().setSettings(next);
          setSettingsOpen(false);
          message.success(t('settings.saved'));
        }}
      />
      {symbolOpen && <SaveSymbolDialog store={store} onClose={() => setSymbolOpen(false)} />}
      {signalPicker}
      {leaveDialog}
    </div>
  );
}

/** What the binding repair changed on open, with the list of widgets and changes. */
function RepairBanner({
  repair,
  store,
}: {
  repair: RepairState;
  store: ReturnType<typeof createEditorStore>;
}) {
  const { t } = useT('designer');
  const doc = useStore(store, (s) => s.doc);
  if (repair.state === 'running') return null;
  if (repair.state === 'failed') {
    return (
      <ClosableBanner
        type="warning"
        message={t('repair.failed', { message: repair.message })}
        data-testid="repair-banner"
      />
    );
  }
  if (!repair.report.length) {
    return (
      <ClosableBanner
        type="success"
        message={<span data-testid="repair-none">{t('repair.none')}</span>}
        data-testid="repair-banner"
      />
    );
  }
  const details = (
    <List
      size="small"
      style={{ maxHeight: 320, overflow: 'auto', width: 420 }}
      dataSource={repair.report}
      renderItem={(r) => {
        const w = findWidget(doc, r.widgetId);
        return (
          <List.Item>
            <div>
              <Typography.Text strong>{w?.widgetName || w?.widgetType || r.widgetId}</Typography.Text>
              {r.changes.map((c, i) => (
                <div key={i} style={{ fontSize: 12 }}>
                  <Tag>{t(`repair.action-${c.action}`)}</Tag>
                  <Typography.Text type="secondary">{c.path}</Typography.Text>{' '}
                  {c.before && <code>{c.before}</code>}
                </div>
              ))}
            </div>
          </List.Item>
        );
      }}
    />
  );
  return (
    <ClosableBanner
      type="warning"
      data-testid="repair-banner"
      message={
        <span data-testid="repair-changed">
          {t('repair.changed', { n: repair.report.length })}{' '}
          <Popover content={details} trigger="click" placement="bottomLeft">
            <a data-testid="repair-details">{t('repair.details')}</a>
          </Popover>
        </span>
      }
    />
  );
}
