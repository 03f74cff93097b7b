import type { Paging } from '../../../app/paging';
import type { AdvancedFilters, DeviceFilters } from './deviceTypes';

const ADVANCED_KEYS = [
  'status',
  'templateId',
  'manufacturer',
  'sn',
] as const satisfies readonly (keyof AdvancedFilters)[];

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The body of `/equipment/multi/query` (and of the export): blank filters are left out, text is
 * trimmed, and a group filter includes its sub-groups, as the tree's counts do.
 */
export function deviceQueryBody(filters: DeviceFilters, paging?: Paging): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (isBlank(value)) continue;
    body[key] = typeof value === 'string' ? value.trim() : value;
  }
  if (body.groupId !== undefined) body.withSubgroups = true;
  return paging ? { ...body, ...paging } : body;
}

/** How many advanced-search filters are set (shown on the panel's toggle). */
export function advancedFilterCount(filters: DeviceFilters): number {
  return ADVANCED_KEYS.filter((k) => !isBlank(filters[k])).length;
}

/** Whether any filter at all narrows the list (the empty state then says "nothing matches"). */
export function isFiltered(filters: DeviceFilters): boolean {
  return Object.values(filters).some((v) => !isBlank(v));
}

/** The filters with the advanced ones replaced, keeping keyword and group. */
export function withAdvanced(filters: DeviceFilters, advanced: AdvancedFilters): DeviceFilters {
  const next: DeviceFilters = { keyword: filters.keyword, groupId: filters.groupId };
  for (const k of ADVANCED_KEYS) if (!isBlank(advanced[k])) Object.assign(next, { [k]: advanced[k] });
  return next;
}

/** A group id from the address bar (`?groupId=12`, the group screen links there), else undefined. */
export function groupIdFromSearch(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('groupId');
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
