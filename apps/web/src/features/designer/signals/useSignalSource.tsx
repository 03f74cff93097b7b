/**
 * A signal picker the property panel opens for a binding (data, animation condition, write
 * target): a modal around the signal browser that resolves with the chosen signal, or null.
 */
import { useCallback, useRef, useState } from 'react';
import { Modal } from 'antd';
import { useT } from '../../../app/useT';
import { SignalBrowser } from './SignalBrowser';
import type { SignalChoice } from '../../../app/signals/useSignals';

export interface SignalSource {
  /** The page's own equipment (opened first in the browser). */
  pageEquipId: string | undefined;
  pick(current?: { equipId: string; signalId: string }): Promise<SignalChoice | null>;
}

export function useSignalSource(pageEquipId: string | undefined) {
  const { t } = useT('designer');
  const [state, setState] = useState<{ current?: { equipId: string; signalId: string } | undefined } | null>(
    null,
  );
  const resolver = useRef<((c: SignalChoice | null) => void) | null>(null);
  const finish = (choice: SignalChoice | null) => {
    resolver.current?.(choice);
    resolver.current = null;
    setState(null);
  };
  const pick = useCallback((current?: { equipId: string; signalId: string }) => {
    resolver.current?.(null);
    setState({ current });
    return new Promise<SignalChoice | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const source: SignalSource = { pageEquipId, pick };
  const modal = (
    <Modal
      open={state !== null}
      title={t('signals.pick-title')}
      footer={null}
      width={520}
      onCancel={() => finish(null)}
      destroyOnHidden
    >
      <div data-testid="signal-picker">
        <SignalBrowser
          initialEquipId={state?.current?.equipId || pageEquipId}
          current={state?.current}
          height={420}
          onChoose={(c) => finish(c)}
        />
      </div>
    </Modal>
  );
  return { source, modal };
}
