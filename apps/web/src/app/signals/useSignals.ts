/**
 * What a widget can be bound to: the equipment the user may see (`equipment/multi/queryByUser`)
 * and each equipment's signals (`monitor/multi/signal/query`), loaded when first needed and
 * cached by TanStack Query.
 */
import { useQuery } from '@tanstack/react-query';
import { devicesCalls, monitorCalls, type CallOutput, type MonitorSignal } from '@fieldhub/shared';
import { callApi } from '../request';
import { signalScale, type SignalScale } from './signalScale';

/** A device the user may see, as the short device list answers it. */
export type EquipmentOption = CallOutput<typeof devicesCalls.listOfUser>[number];

/** A bindable signal with its equipment, ids as the page document holds them (strings). */
export interface SignalChoice {
  equipId: string;
  equipTitle: string;
  signalId: string;
  title: string;
  unit: string;
  /** the variable's range (collection limits or mapped values), null without one */
  scale: SignalScale | null;
}

export const signalKeys = {
  equipments: ['designer', 'equipments'] as const,
  signals: (equipId: string) => ['designer', 'signals', equipId] as const,
};

export function fetchEquipments(): Promise<EquipmentOption[]> {
  return callApi(devicesCalls.listOfUser);
}

export function fetchSignals(equipId: string, silent = false): Promise<MonitorSignal[]> {
  return callApi(monitorCalls.signals, { equipmentId: Number(equipId) }, { silent });
}

export function useEquipments() {
  return useQuery({ queryKey: signalKeys.equipments, queryFn: fetchEquipments, staleTime: 60_000 });
}

export function useEquipmentSignals(equipId: string, enabled: boolean) {
  return useQuery({
    queryKey: signalKeys.signals(equipId),
    queryFn: () => fetchSignals(equipId),
    enabled,
    staleTime: 60_000,
  });
}

export function choiceOf(equipment: EquipmentOption, s: MonitorSignal): SignalChoice {
  return {
    equipId: String(equipment.id),
    equipTitle: equipment.name,
    signalId: String(s.id),
    title: s.name,
    unit: s.unit,
    scale: signalScale(s),
  };
}
