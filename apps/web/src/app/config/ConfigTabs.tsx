import type { ReactNode } from 'react';
import type { TabsProps } from 'antd';
import type { Translate } from '../useT';
import type { ConfigOwner } from './configTypes';
import { DriversTab } from './DriversTab';
import { PagesTab } from './PagesTab';
import { ReportAndAlarmTab } from './ReportsTab';
import { ScriptsTab } from './ScriptsTab';
import { VariablesTab } from './VariablesTab';

/**
 * Tabs of the device and template edit screens (docs/requirements/devices-and-gateways.md §4.4, §5.2),
 * selected with `?tab=`.
 */
export const CONFIG_TABS = ['info', 'driver', 'signal', 'report', 'page', 'script'] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

export function tabOf(value: string | null): ConfigTab {
  return CONFIG_TABS.find((tab) => tab === value) ?? 'info';
}

/** The six tabs for an owner; the info tab differs between devices and templates. */
export function configTabItems(
  owner: ConfigOwner,
  info: ReactNode,
  t: Translate,
): NonNullable<TabsProps['items']> {
  const content: Record<ConfigTab, ReactNode> = {
    info,
    driver: <DriversTab owner={owner} />,
    signal: <VariablesTab owner={owner} />,
    report: <ReportAndAlarmTab owner={owner} />,
    page: <PagesTab owner={owner} />,
    script: <ScriptsTab owner={owner} />,
  };
  return CONFIG_TABS.map((key) => ({ key, label: t(`deviceConfig:tab.${key}`), children: content[key] }));
}
