/**
 * Click events of a live page (docs/requirements/pages-and-designer.md §8): write (a fixed value or one typed
 * in, with the hint, the confirmation and the write permission; the write follows its device task to the
 * end and reports back when feedback is on), page jump, link, iframe popup (600×600 centred by
 * default) and script; a bound switch writes its other value, a radio group the option clicked,
 * a combo box the option chosen and an input box the value typed in. With delay on, a widget ignores clicks for the delay (1000 ms by default)
 * after each one, so a double click cannot send a command twice.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Input, Select, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useT } from '../../app/useT';
import { Err, linkCalls, messageFor, projectMonitorCalls, type MonitorSignal } from '@fieldhub/shared';
import type { ClickConfig, Widget } from '@fieldhub/hmi';
import { optionsOf } from '../../app/widgets/styleOf';
import { callApi } from '../../app/request';
import { currentLang } from '../../app/i18n';
import { can, useSession } from '../../app/session';
import { toastError, toastSuccess } from '../../app/notify';
import { followTask, type TaskAnswer } from '../../app/live/commandTask';
import { checkWrite } from '../../app/live/writeCheck';
import { runClickScript } from './clickScript';
import { controlClick, pagePath, planClick, safeLink, type ViewerScope } from './pageView';
import { keyOfSource, signalKey, type ValueStore } from './valueStore';

/** The write and callback calls of a scope (device page or project page). */
export interface WriteCalls {
  write(equipId: string, signalId: string, value: number | string): Promise<{ uuid: string }>;
  poll(uuid: string): Promise<TaskAnswer>;
}

export const deviceWriteCalls: WriteCalls = {
  write: (equipId, signalId, value) =>
    callApi(linkCalls.writeValue, { equipmentId: equipId, signalId, value }),
  poll: (uuid) => callApi(linkCalls.callback, { uuid }, { silent: true }),
};

/** Writes of a project page go through the project (its devices must be bound to it). */
export function projectWriteCalls(projectId: string): WriteCalls {
  return {
    write: (_equipId, signalId, value) => callApi(projectMonitorCalls.write, { projectId, signalId, value }),
    poll: (uuid) => callApi(projectMonitorCalls.writeCallback, { uuid }, { silent: true }),
  };
}

export interface IframePopup {
  src: string;
  width: number;
  height: number;
  left: number;
  top: number;
  centered: boolean;
}

export function useClickRunner(options: {
  scope: ViewerScope;
  store: ValueStore;
  signals: ReadonlyMap<string, MonitorSignal>;
  calls: WriteCalls;
}) {
  const { t } = useT('viewer');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [popup, setPopup] = useState<IframePopup | null>(null);
  const [writing, setWriting] = useState(0);
  const blockedUntil = useRef(new Map<string, number>());
  const latest = useRef(options);
  latest.current = options;

  const send = useCallback(
    async (config: ClickConfig, signal: MonitorSignal, equipId: string, value: number | string) => {
      const { calls } = latest.current;
      const lang = currentLang();
      setWriting((n) => n + 1);
      try {
        const { uuid } = await calls.write(equipId, String(signal.id), value);
        await followTask(uuid, { poll: calls.poll, lang });
        if (config.feedback) toastSuccess(t('write.done', { name: signal.name, value: String(value) }));
      } catch (err) {
        // the request client already showed a refusal of the write call itself
        if ((err as { name?: string }).name === 'TaskFailed')
          toastError(t('write.failed', { name: signal.name, message: (err as Error).message }));
      } finally {
        setWriting((n) => n - 1);
      }
    },
    [t],
  );

  /** Asks for confirmation (when the config wants it) and writes. */
  const confirmAndSend = useCallback(
    (config: ClickConfig, signal: MonitorSignal, equipId: string, value: number | string) => {
      const shown = `${String(value)}${signal.unit ? ` ${signal.unit}` : ''}`;
      if (!config.confirm) return void send(config, signal, equipId, value);
      modal.confirm({
        title: t('write.confirm-title'),
        content: (
          <>
            <div>{t('write.confirm', { name: signal.name, value: shown })}</div>
            {config.hint && config.hintValue && (
              <Typography.Text type="warning" data-testid="write-hint">
                {config.hintValue}
              </Typography.Text>
            )}
          </>
        ),
        okText: t('write.ok'),
        okButtonProps: { 'data-testid': 'viewer-write-confirm' } as ButtonProps,
        onOk: () => void send(config, signal, equipId, value),
      });
    },
    [modal, send, t],
  );

  /** Asks for the value to write, checked against the variable's type and write limits. */
  const askValue = useCallback(
    (config: ClickConfig, signal: MonitorSignal, equipId: string) => {
      let raw = '';
      const lang = currentLang();
      modal.confirm({
        title: t('write.input-title', { name: signal.name }),
        icon: null,
        content: (
          <>
            {config.hint && config.hintValue && (
              <Typography.Paragraph type="warning" data-testid="write-hint">
                {config.hintValue}
              </Typography.Paragraph>
            )}
            <Input
              autoFocus
              data-testid="viewer-write-input"
              suffix={signal.unit || undefined}
              onChange={(e) => (raw = e.target.value)}
            />
          </>
        ),
        okText: t('write.next'),
        okButtonProps: { 'data-testid': 'viewer-write-input-ok' } as ButtonProps,
        onOk: () => {
          const checked = checkWrite(signal, raw);
          if (!checked.ok) {
            const p = checked.problem;
            toastError(p.kind === 'code' ? messageFor(p.code, lang) : t(`write.problem-${p.kind}`));
            // keeps the dialog open for another try
            return Promise.reject(new Error('invalid'));
          }
          confirmAndSend(config, signal, equipId, checked.value);
          return undefined;
        },
      });
    },
    [confirmAndSend, modal, t],
  );

  /** Asks which of the options (a combo box's) to write, then confirms and writes it. */
  const chooseValue = useCallback(
    (
      config: ClickConfig,
      signal: MonitorSignal,
      equipId: string,
      options: { text: string; value: string }[],
    ) => {
      let picked: string | undefined;
      modal.confirm({
        title: t('write.choose-title', { name: signal.name }),
        icon: null,
        content: (
          <Select
            autoFocus
            style={{ width: '100%' }}
            data-testid="viewer-write-choose"
            placeholder={t('write.choose-placeholder')}
            options={options.map((o) => ({ label: o.text || o.value, value: o.value }))}
            onChange={(v: string) => (picked = v)}
          />
        ),
        okText: t('write.next'),
        okButtonProps: { 'data-testid': 'viewer-write-choose-ok' } as ButtonProps,
        onOk: () => {
          if (picked === undefined) {
            toastError(t('write.choose-required'));
            return Promise.reject(new Error('nothing chosen'));
          }
          const checked = checkWrite(signal, picked);
          if (!checked.ok) {
            const p = checked.problem;
            toastError(p.kind === 'code' ? messageFor(p.code, currentLang()) : t(`write.problem-${p.kind}`));
            return Promise.reject(new Error('invalid'));
          }
          confirmAndSend(config, signal, equipId, checked.value);
          return undefined;
        },
      });
    },
    [confirmAndSend, modal, t],
  );

  const write = useCallback(
    (
      config: ClickConfig,
      plan: { equipId: string; signalId: string; fixed: string | null; choose: boolean },
      widget: Widget,
    ) => {
      const { equipId, signalId, fixed } = plan;
      const lang = currentLang();
      if (!can(user, 'monitor_write')) return toastError(messageFor(Err.noWritePermission, lang));
      const signal = latest.current.signals.get(signalKey(equipId, signalId));
      if (!signal) return toastError(messageFor(Err.variableNotFound, lang));
      if (plan.choose) return chooseValue(config, signal, equipId, optionsOf(widget));
      if (fixed === null) return askValue(config, signal, equipId);
      const checked = checkWrite(signal, fixed);
      if (!checked.ok) {
        const p = checked.problem;
        return toastError(p.kind === 'code' ? messageFor(p.code, lang) : t(`write.problem-${p.kind}`));
      }
      confirmAndSend(config, signal, equipId, checked.value);
    },
    [askValue, chooseValue, confirmAndSend, t, user],
  );

  const runScript = useCallback(
    (widget: Widget, script: string) => {
      const { scope, store } = latest.current;
      runClickScript(
        script,
        { widgetId: widget.id },
        (ref) => store.valueOf(signalKey(ref.equipId, ref.signalId))?.value ?? null,
      ).then(
        (r) => {
          if (r?.kind === 'jump') void navigate(pagePath(scope, r.pageId));
          else if (r?.kind === 'open') {
            const url = safeLink(r.url);
            if (url) window.open(url, '_blank', 'noopener');
          } else if (r?.kind === 'message') toastSuccess(r.text);
        },
        (err: unknown) => toastError(t('script.failed', { message: (err as Error).message ?? String(err) })),
      );
    },
    [navigate, t],
  );

  /** A click on a widget; `picked` is the option clicked in a radio group. */
  const onWidgetClick = useCallback(
    (widget: Widget, picked: string | null = null) => {
      const { store } = latest.current;
      const control = controlClick(widget, store.valueOf(keyOfSource(widget.data))?.value, picked);
      if (!control && !widget.clickEvent.enable) return;
      const config = control ?? widget.clickEvent.config;
      const now = Date.now();
      if ((blockedUntil.current.get(widget.id) ?? 0) > now) return;
      if (config.delay.enable) blockedUntil.current.set(widget.id, now + config.delay.time);
      const plan = planClick(config, latest.current.scope);
      if (!plan) return;
      switch (plan.kind) {
        case 'write':
          return write(config, plan, widget);
        case 'navigate':
          if (plan.newWindow) window.open(plan.path, '_blank', 'noopener');
          else void navigate(plan.path);
          return;
        case 'link':
          window.open(plan.url, plan.newWindow ? '_blank' : '_self', 'noopener');
          return;
        case 'iframe':
          setPopup(plan);
          return;
        case 'script':
          return runScript(widget, plan.script);
      }
    },
    [navigate, runScript, write],
  );

  return { onWidgetClick, popup, closePopup: () => setPopup(null), writing: writing > 0 };
}
