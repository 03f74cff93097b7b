/**
 * Click events of a live page (docs/requirements/pages-and-designer.md §8): write (a fixed value, a toggle
 * between two values, a step from the current value, one typed in, or press-and-hold: one value on
 * press, another on release; checked against the click's limits, with the hint, the confirmation and
 * the write permission; the write follows its device task to the end and reports back when feedback
 * is on), page jump (same window, new window or a popup of its size and position), link, iframe popup
 * (600×600 centred by default) and script; a bound switch writes its other value, a radio group the option clicked,
 * a combo box the option chosen and an input box the value typed in. With delay on, a widget ignores clicks for the delay (1000 ms by default)
 * after each one, so a double click cannot send a command twice.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Input, Select, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useT } from '../../app/useT';
import { Err, linkCalls, messageFor, projectMonitorCalls, type MonitorSignal } from '@fieldhub/shared';
import {
  checkClickLimits,
  clickWriteValue,
  isPressWrite,
  pressValues,
  type ClickConfig,
  type ClickWriteProblem,
  type Widget,
} from '@fieldhub/hmi';
import { optionsOf } from '../../app/widgets/styleOf';
import { callApi } from '../../app/request';
import { currentLang } from '../../app/i18n';
import { can, useSession } from '../../app/session';
import { toastError, toastSuccess } from '../../app/notify';
import { followTask, type TaskAnswer } from '../../app/live/commandTask';
import { checkWrite } from '../../app/live/writeCheck';
import { runClickScript } from './clickScript';
import { controlClick, pagePath, planClick, safeLink, type PopupPlan, type ViewerScope } from './pageView';
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
  const [popup, setPopup] = useState<PopupPlan | null>(null);
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

  const limitProblem = useCallback(
    (signal: MonitorSignal, p: ClickWriteProblem) =>
      toastError(t(`write.limit-${p.kind}`, { name: signal.name, ...p, value: 'value' in p ? p.value : '' })),
    [t],
  );

  /**
   * The value checked against the click's limits, then the variable's type and write limits; null
   * after showing what is wrong.
   */
  const valueToWrite = useCallback(
    (config: ClickConfig, signal: MonitorSignal, raw: string): number | string | null => {
      const limited = checkClickLimits(config, raw);
      if (!limited.ok) return (limitProblem(signal, limited.problem), null);
      const result = checkWrite(signal, raw);
      if (result.ok) return result.value;
      const p = result.problem;
      toastError(p.kind === 'code' ? messageFor(p.code, currentLang()) : t(`write.problem-${p.kind}`));
      return null;
    },
    [limitProblem, t],
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
          const value = valueToWrite(config, signal, raw);
          // keeps the dialog open for another try
          if (value === null) return Promise.reject(new Error('invalid'));
          confirmAndSend(config, signal, equipId, value);
          return undefined;
        },
      });
    },
    [confirmAndSend, modal, t, valueToWrite],
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
          const value = valueToWrite(config, signal, picked);
          if (value === null) return Promise.reject(new Error('invalid'));
          confirmAndSend(config, signal, equipId, value);
          return undefined;
        },
      });
    },
    [confirmAndSend, modal, t, valueToWrite],
  );

  /** The variable a write click reaches, or null after telling why not (permission, missing). */
  const writableSignal = useCallback(
    (equipId: string, signalId: string): MonitorSignal | null => {
      const lang = currentLang();
      if (!can(user, 'monitor_write')) return (toastError(messageFor(Err.noWritePermission, lang)), null);
      const signal = latest.current.signals.get(signalKey(equipId, signalId));
      if (!signal) return (toastError(messageFor(Err.variableNotFound, lang)), null);
      return signal;
    },
    [user],
  );

  const write = useCallback(
    (
      config: ClickConfig,
      plan: { equipId: string; signalId: string; mode: 'value' | 'input' | 'choose' | 'press' },
      widget: Widget,
    ) => {
      const { equipId, signalId, mode } = plan;
      // press-and-hold writes on press and release (onWidgetPress), not on the click after them
      if (mode === 'press') return;
      const signal = writableSignal(equipId, signalId);
      if (!signal) return;
      if (mode === 'choose') return chooseValue(config, signal, equipId, optionsOf(widget));
      if (mode === 'input') return askValue(config, signal, equipId);
      const current = latest.current.store.valueOf(signalKey(equipId, signalId))?.value;
      const made = clickWriteValue(config, current);
      if (!made) return;
      if (!made.ok) return limitProblem(signal, made.problem);
      const value = valueToWrite(config, signal, made.value);
      if (value !== null) confirmAndSend(config, signal, equipId, value);
    },
    [askValue, chooseValue, confirmAndSend, limitProblem, valueToWrite, writableSignal],
  );

  /** Writes in flight of press-and-hold widgets: a release is written after its press. */
  const pressChain = useRef(new Map<string, Promise<void>>());
  const releaseOf = useRef(new Map<string, () => Promise<void>>());

  /**
   * Press-and-hold (`writeType` press, docs/requirements/pages-and-designer.md §8.4): the press value on
   * pointer down, the release value on pointer up, both checked first (limits, write limits,
   * permission). No confirmation: a dialog would end the hold.
   */
  const onWidgetPress = useCallback(
    (widget: Widget, phase: 'down' | 'up') => {
      if (phase === 'up') {
        const release = releaseOf.current.get(widget.id);
        releaseOf.current.delete(widget.id);
        if (release) pressChain.current.set(widget.id, release());
        return;
      }
      const config = widget.clickEvent.config;
      if (!widget.clickEvent.enable || !isPressWrite(config)) return;
      const { equipId, signalId } = config.data;
      if (!equipId || !signalId) return;
      const signal = writableSignal(equipId, signalId);
      if (!signal) return;
      const pair = pressValues(config);
      const values: (number | string)[] = [];
      for (const raw of [pair.press, pair.release]) {
        const value = valueToWrite(config, signal, raw);
        if (value === null) return;
        values.push(value);
      }
      const before = pressChain.current.get(widget.id) ?? Promise.resolve();
      const pressed = before.then(() => send(config, signal, equipId, values[0]!));
      pressChain.current.set(widget.id, pressed);
      releaseOf.current.set(widget.id, () => pressed.then(() => send(config, signal, equipId, values[1]!)));
    },
    [send, valueToWrite, writableSignal],
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
        case 'popup':
          setPopup(plan);
          return;
        case 'script':
          return runScript(widget, plan.script);
      }
    },
    [navigate, runScript, write],
  );

  return { onWidgetClick, onWidgetPress, popup, closePopup: () => setPopup(null), writing: writing > 0 };
}
