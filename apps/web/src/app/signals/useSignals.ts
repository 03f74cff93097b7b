/**
 * What a widget can be bound to: the equipment the user may see (`equipment/multi/queryByUser`)
 * and each equipment's signals (`monitor/multi/signal/query`), loaded when first needed and
 * cached by TanStack Query. Inside a project's designer (an `EquipmentScope` naming the project)
 * the equipment is only the project's bound devices, under their titles in the project
 * (docs/requirements/pages-and-designer.md §6.3, projects.md §3.1).
 */
import { createContext, useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  devicesCalls,
  monitorCalls,
  projectsCalls,
  type CallOutput,
  type MonitorSignal,
  type ProjectEquipRow,
} from '@fieldhub/shared';
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

/** The project whose bound devices are the equipment offered for binding; undefined = every device the user may see. */
export const EquipmentScope = createContext<string | undefined>(undefined);

export const signalKeys = {
  equipments: ['designer', 'equipments'] as const,
  projectEquipments: (projectId: string) => ['designer', 'equipments', 'project', projectId] as const,
  signals: (equipId: string) => ['designer', 'signals', equipId] as const,
};

export function fetchEquipments(): Promise<EquipmentOption[]> {
  return callApi(devicesCalls.listOfUser);
}

export function fetchSignals(equipId: string, silent = false): Promise<MonitorSignal[]> {
  return callApi(monitorCalls.signals, { equipmentId: Number(equipId) }, { silent });
}

/** A project's bound device as an equipment option: its id, and its title in the project as its name. */
export function projectEquipmentOption(row: ProjectEquipRow): EquipmentOption {
  return {
    id: row.equipmentId,
    name: row.title || row.name,
    groupId: null,
    sn: row.sn || null,
    gatewayStatus: row.gatewayStatus,
  };
}

export async function fetchProjectEquipments(projectId: string): Promise<EquipmentOption[]> {
  const rows = await callApi(projectsCalls.allEquip, { projectId: Number(projectId) });
  return rows.map(projectEquipmentOption);
}

/** The equipment offered for binding: the scope's project's bound devices, or every device the user may see. */
export function useEquipments() {
  const projectId = useContext(EquipmentScope);
  return useQuery({
    queryKey: projectId ? signalKeys.projectEquipments(projectId) : signalKeys.equipments,
    queryFn: () => (projectId ? fetchProjectEquipments(projectId) : fetchEquipments()),
    staleTime: 60_000,
  });
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
