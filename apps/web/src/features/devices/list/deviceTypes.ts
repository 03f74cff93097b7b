import type { GatewayStatus, SharePerm } from '@fieldhub/shared';

/** A device row of `/lfscada/equipment/multi/query` (the server's DeviceRow, as JSON). */
export interface DeviceRow {
  id: number;
  name: string;
  groupId: number | null;
  groupName: string | null;
  deviceNumber: string;
  manufacturer: string;
  shared: boolean;
  ownerLoginname: string | null;
  templateId: number | null;
  templateName: string | null;
  /** the device's configuration differs from its template's */
  templateMismatch: boolean;
  sn: string | null;
  series: string | null;
  /** null: no gateway bound */
  gatewayStatus: GatewayStatus | null;
  /** the gateway has not acknowledged the current configuration */
  syncNeeded: boolean;
  createdAt: string;
}

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

export interface Paging {
  pageNum: number;
  pageSize: number;
}

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
