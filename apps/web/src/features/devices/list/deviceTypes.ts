import type { SharePerm } from '@fieldhub/shared';

/** Filters of the device list: the keyword, the group tree and the advanced search panel. */
export interface DeviceFilters {
  keyword?: string | undefined;
  groupId?: number | undefined;
  status?: DeviceStatusFilter | undefined;
  templateId?: number | undefined;
  manufacturer?: string | undefined;
  sn?: string | undefined;
}

export const DEVICE_STATUS_FILTERS = ['online', 'offline', 'sleeping', 'unbound'] as const;
export type DeviceStatusFilter = (typeof DEVICE_STATUS_FILTERS)[number];

/** The advanced panel's fields (the keyword and the group have their own controls). */
export type AdvancedFilters = Pick<DeviceFilters, 'status' | 'templateId' | 'manufacturer' | 'sn'>;

/** `/share/info`: whether the device is shared, its link token and what the link may show. */
export interface ShareInfo {
  shared: boolean;
  /** made on the first switch-on; null before */
  token: string | null;
  hasPassword: boolean;
  perms: SharePerm[];
}

/** An account in the authorisation dialog (`/auth/query`). */
export interface AuthAccount {
  id: number;
  loginname: string;
  kind: 'internal' | 'external';
  contact: string;
}

/** A template in the advanced search (`/lfscada/template/query`). */
export interface TemplateOption {
  id: number;
  name: string;
  series: string;
}
