/**
 * Saving the page: the save button and Ctrl+S, autosave every `saveInterval` minutes when the
 * settings ask for it, optimistic concurrency (a save over a newer stored version is refused by
 * the server; the editor keeps every change and offers to reload the stored page or keep editing),
 * and the unsaved-change warning on leaving (beforeunload and in-app navigation).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { App, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { useT } from '../../../app/useT';
import { useStore } from 'zustand';
import { isVersionConflict, loadPage, savePage } from '../../../app/pages/pageApi';
import type { EditorStore } from './editorStore';

export type SaveState = 'idle' | 'saving' | 'conflict' | 'failed';

export function useSaving(store: EditorStore, pageId: string) {
  const { t } = useT('designer');
  const { message, modal } = App.useApp();
  const [state, setState] = useState<SaveState>('idle');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const busy = useRef(false);
  const dirty = useStore(store, (s) => s.dirty);
  const autoSave = useStore(store, (s) => s.settings.autoSave);
  const interval = useStore(store, (s) => s.settings.saveInterval);

  const reload = useCallback(async () => {
    const fresh = await loadPage(pageId);
    store.getState().load(fresh.doc, fresh.version);
    setState('idle');
    message.success(t('save.reloaded'));
  }, [pageId, store, message, t]);

  const save = useCallback(
    async (auto = false) => {
      if (busy.current) return;
      const s = store.getState();
      if (auto && !s.dirty) return;
      busy.current = true;
      setState('saving');
      const doc = s.doc;
      try {
        const version = await savePage({ id: pageId, version: s.version, doc });
        store.getState().markSaved(version, doc);
        setSavedAt(new Date());
        setState('idle');
        if (!auto) message.success(t('save.saved'));
      } catch (e) {
        if (isVersionConflict(e)) {
          setState('conflict');
          modal.confirm({
            title: t('save.conflict-title'),
            content: <span data-testid="save-conflict">{t('save.conflict-body')}</span>,
            okText: t('save.conflict-reload'),
            cancelText: t('save.conflict-keep'),
            okButtonProps: { danger: true, 'data-testid': 'conflict-reload' } as ButtonProps,
            cancelButtonProps: { 'data-testid': 'conflict-keep' } as ButtonProps,
            onOk: reload,
          });
        } else {
          setState('failed');
          message.error(e instanceof Error ? `${t('save.failed')}: ${e.message}` : t('save.failed'));
        }
      } finally {
        busy.current = false;
      }
    },
    [store, pageId, message, modal, t, reload],
  );

  // autosave
  useEffect(() => {
    if (!autoSave) return;
    const timer = setInterval(() => void save(true), Math.max(1, interval) * 60_000);
    return () => clearInterval(timer);
  }, [autoSave, interval, save]);

  // leaving the browser page with unsaved changes
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = t('leave.warning');
      return t('leave.warning');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, t]);

  // leaving through the app's own navigation
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const leaveDialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      okText={t('leave.leave')}
      cancelText={t('leave.stay')}
      okButtonProps={{ danger: true, 'data-testid': 'leave-confirm' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'leave-stay' } as ButtonProps}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <span data-testid="leave-warning">{t('leave.warning')}</span>
    </Modal>
  );

  return { save, state, savedAt, leaveDialog, reload };
}
