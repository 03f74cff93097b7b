/**
 * "Save selection as symbol" (docs/requirements/pages-and-designer.md §12.2): the selected widgets
 * (whole groups) kept at their relative positions; each signal binding becomes a placeholder named
 * by the signal's name and key, filled per device when the symbol is placed.
 */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { forEachSignalRef, makeSymbol, selectionUnits, symbolFile } from '@fieldhub/hmi';
import { marketCalls } from '@fieldhub/shared';
import { callApi } from '../../../app/request';
import { fetchSignals } from '../../../app/signals/useSignals';
import { useT } from '../../../app/useT';
import type { EditorStore } from '../editor/editorStore';
import { symbolKeys } from './placement';

/** The keys of the signals the selection binds, by `equipId/signalId` (a device gone is skipped). */
async function boundKeys(store: EditorStore): Promise<Map<string, string>> {
  const s = store.getState();
  const equipIds = new Set<string>();
  for (const u of selectionUnits(s.doc, s.selection))
    for (const w of u.members) forEachSignalRef(w, (ref) => ref.equipId && equipIds.add(ref.equipId));
  const keys = new Map<string, string>();
  for (const equipId of equipIds) {
    const signals = await fetchSignals(equipId, true).catch(() => []);
    for (const sig of signals) if (sig.key) keys.set(`${equipId}/${sig.id}`, sig.key);
  }
  return keys;
}

export function SaveSymbolDialog({ store, onClose }: { store: EditorStore; onClose: () => void }) {
  const { t } = useT('designer');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('symbol.save-title')}
      okText={t('symbol.save')}
      okButtonProps={
        { disabled: !name.trim(), loading: busy, 'data-testid': 'symbol-save-ok' } as ButtonProps
      }
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          const keys = await boundKeys(store);
          const s = store.getState();
          const symbol = makeSymbol(s.doc, s.selection, (e, id) => keys.get(`${e}/${id}`) ?? '');
          if (!symbol) return onClose();
          const row = await callApi(marketCalls.symbolAdd, {
            name: name.trim(),
            file: symbolFile(name.trim(), symbol),
          });
          await client.invalidateQueries({ queryKey: symbolKeys.list });
          message.success(t('symbol.saved', { name: row.name, n: row.placeholderCount }));
          onClose();
        } catch {
          // the request client has shown the failure (2132 for a name taken)
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('symbol.name')} extra={t('symbol.save-hint')}>
          <Input
            autoFocus
            maxLength={50}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="symbol-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
