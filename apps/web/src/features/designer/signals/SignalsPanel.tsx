/**
 * The binding tools of the left panel: the signal browser with, per signal, "bind to the selected
 * widget" and "where used" (how many widgets use it; a click selects them), and the bulk re-bind
 * of the selection from one equipment to another.
 */
import { useMemo, useState } from 'react';
import { App, Badge, Button, Tooltip } from 'antd';
import { LinkOutlined, SwapOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { useStore } from 'zustand';
import { findWidget, selectionUnits, whereUsed } from '@fieldhub/hmi';
import type { EditorStore } from '../editor/editorStore';
import { boundTo } from '../panels/DataSection';
import { scaledToSignal } from '../editor/bindScale';
import { RebindDialog } from './RebindDialog';
import { SignalBrowser } from './SignalBrowser';
import type { SignalChoice } from '../../../app/signals/useSignals';

export function SignalsPanel({
  store,
  pageEquipId,
}: {
  store: EditorStore;
  pageEquipId: string | undefined;
}) {
  const { t } = useT('designer');
  const { message } = App.useApp();
  const doc = useStore(store, (s) => s.doc);
  const selection = useStore(store, (s) => s.selection);
  const [rebinding, setRebinding] = useState(false);
  const target = useMemo(() => {
    const units = selectionUnits(doc, selection);
    return units.length === 1 && !units[0]!.group ? findWidget(doc, units[0]!.id) : undefined;
  }, [doc, selection]);

  const bind = (c: SignalChoice) => {
    if (!target) {
      message.info(t('signals.select-one'));
      return;
    }
    store.getState().run({
      type: 'setProperty',
      ids: [target.id],
      patch: { data: scaledToSignal(target, boundTo(target.data, c), c.scale) },
    });
    message.success(t('signals.bound', { signal: c.title, widget: target.widgetName || target.widgetType }));
  };

  const actions = (c: SignalChoice) => {
    const users = [...new Set(whereUsed(doc, c.signalId, c.equipId).map((u) => u.widgetId))];
    return (
      <>
        <Tooltip title={t('signals.where-used', { n: users.length })}>
          <Badge
            count={users.length}
            size="small"
            color={users.length ? '#0b5cad' : '#d1d5db'}
            showZero
            data-testid={`where-used-${c.signalId}`}
            onClick={(e) => {
              e.stopPropagation();
              if (users.length) store.getState().select(selectionUnits(doc, users).map((u) => u.id));
            }}
          />
        </Tooltip>
        <Tooltip title={t('signals.bind-selected')}>
          <Button
            size="small"
            type="text"
            icon={<LinkOutlined />}
            disabled={!target}
            data-testid={`bind-${c.signalId}`}
            onClick={(e) => {
              e.stopPropagation();
              bind(c);
            }}
          />
        </Tooltip>
      </>
    );
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ padding: '0 8px 6px' }}>
        <Button
          size="small"
          block
          icon={<SwapOutlined />}
          disabled={!selection.length}
          data-testid="rebind-open"
          onClick={() => setRebinding(true)}
        >
          {t('rebind.open')}
        </Button>
      </div>
      <div style={{ flex: 1, minHeight: 0 }}>
        <SignalBrowser initialEquipId={pageEquipId} actions={actions} onChoose={target ? bind : undefined} />
      </div>
      {rebinding && <RebindDialog store={store} onClose={() => setRebinding(false)} />}
    </div>
  );
}
