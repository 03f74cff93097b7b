/**
 * A picker the property panel opens for a binding (data, animation condition, write target, chart
 * series): a modal that resolves with the chosen source, or null. `pick` offers device variables
 * only; `pickBinding` also the project's intermediate variables and the system keys
 * (docs/requirements/pages-and-designer.md §6.2).
 */
import { useCallback, useContext, useRef, useState } from 'react';
import { Modal } from 'antd';
import { useT } from '../../../app/useT';
import { EquipmentScope, type SignalChoice } from '../../../app/signals/useSignals';
import {
  ALL_BINDING_KINDS,
  BindingPicker,
  type BindingChoice,
  type BindingKind,
  type BoundNow,
} from './BindingPicker';

export interface PickOptions {
  /** the kinds offered; all by default (intermediate variables on project pages only) */
  kinds?: readonly BindingKind[];
  /** only sources with numeric values (chart series) */
  numericOnly?: boolean;
}

export interface SignalSource {
  /** The page's own equipment (opened first in the browser). */
  pageEquipId: string | undefined;
  /** The project of a project page, whose intermediate variables can be bound. */
  projectId: string | undefined;
  pick(current?: { equipId: string; signalId: string }): Promise<SignalChoice | null>;
  pickBinding(current?: BoundNow, options?: PickOptions): Promise<BindingChoice | null>;
}

interface Open {
  current: BoundNow | undefined;
  kinds: readonly BindingKind[];
  numericOnly: boolean;
}

export function useSignalSource(pageEquipId: string | undefined) {
  const { t } = useT('designer');
  const projectId = useContext(EquipmentScope);
  const [state, setState] = useState<Open | null>(null);
  const resolver = useRef<((c: BindingChoice | null) => void) | null>(null);
  const finish = (choice: BindingChoice | null) => {
    resolver.current?.(choice);
    resolver.current = null;
    setState(null);
  };
  const pickBinding = useCallback((current?: BoundNow, options: PickOptions = {}) => {
    resolver.current?.(null);
    setState({
      current,
      kinds: options.kinds ?? ALL_BINDING_KINDS,
      numericOnly: options.numericOnly ?? false,
    });
    return new Promise<BindingChoice | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const pick = useCallback(
    async (current?: { equipId: string; signalId: string }) => {
      const choice = await pickBinding(current && { type: 'signal', ...current }, { kinds: ['signal'] });
      return choice?.type === 'signal' ? choice.signal : null;
    },
    [pickBinding],
  );
  const source: SignalSource = { pageEquipId, projectId, pick, pickBinding };
  const single = state?.kinds.length === 1 && state.kinds[0] === 'signal';
  const modal = (
    <Modal
      open={state !== null}
      title={single ? t('signals.pick-title') : t('bind.pick-title')}
      footer={null}
      width={520}
      onCancel={() => finish(null)}
      destroyOnHidden
    >
      <div data-testid="signal-picker">
        {state && (
          <BindingPicker
            kinds={state.kinds}
            projectId={projectId}
            pageEquipId={pageEquipId}
            current={state.current}
            numericOnly={state.numericOnly}
            onChoose={finish}
          />
        )}
      </div>
    </Modal>
  );
  return { source, modal };
}
