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
