import L from 'leaflet';
import type { MonitorDeviceCard } from '@fieldhub/shared';

/** A device's state on the map: its gateway's, or 'unbound' without a gateway. */
export type MapStatus = 'online' | 'offline' | 'sleeping' | 'unbound';
export const MAP_STATUSES: readonly MapStatus[] = ['online', 'offline', 'sleeping', 'unbound'];

export const statusOf = (d: MonitorDeviceCard): MapStatus => d.gatewayStatus ?? 'unbound';

/** The gateway state colours of the rest of the console (GatewayStatusBadge); no gateway amber. */
export const STATUS_COLORS: Record<MapStatus, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  sleeping: '#1677ff',
  unbound: '#faad14',
};

/** A round marker in the device's state colour, ringed red while it has active alarms. */
export function deviceIcon(d: MonitorDeviceCard): L.DivIcon {
  const status = statusOf(d);
  const ring = d.alarmCount > 0 ? '#ff4d4f' : '#ffffff';
  return L.divIcon({
    className: 'fh-map-marker',
    iconSize: [18, 18],
    iconAnchor: [9, 9],
    popupAnchor: [0, -10],
    html: `<span data-testid="map-marker" data-status="${status}" data-device="${d.id}" style="display:block;width:18px;height:18px;border-radius:50%;background:${STATUS_COLORS[status]};border:3px solid ${ring};box-shadow:0 0 3px rgba(0,0,0,.5)"></span>`,
  });
}

/** The order in which a cluster takes its colour: the state that most needs a look first. */
const SEVERITY: readonly MapStatus[] = ['offline', 'unbound', 'sleeping', 'online'];

/**
 * A cluster's icon: the number of its devices on the colour of its most severe state, ringed red
 * when one of them has active alarms, so a cluster never hides an offline or alarming device.
 */
export function clusterIcon(devices: readonly MonitorDeviceCard[]): L.DivIcon {
  const states = new Set(devices.map(statusOf));
  const status = SEVERITY.find((s) => states.has(s)) ?? 'online';
  const ring = devices.some((d) => d.alarmCount > 0) ? '#ff4d4f' : '#ffffff';
  const size = devices.length < 10 ? 30 : devices.length < 100 ? 36 : 42;
  return L.divIcon({
    className: 'fh-map-cluster',
    iconSize: [size, size],
    html: `<span data-testid="map-cluster" data-status="${status}" style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${STATUS_COLORS[status]};border:3px solid ${ring};box-shadow:0 0 4px rgba(0,0,0,.5);color:#fff;font-weight:600;font-size:13px">${devices.length}</span>`,
  });
}

/** The popup's words in the reader's language; the field labels come with their colon (`map:field-label`). */
export interface PopupTexts {
  status: string;
  group: string;
  sn: string;
  alarms: string;
  open: string;
  track: string;
}

/**
 * The popup of a device: name, state, group, SN and alarms, a link to its monitoring page and a
 * button that plays its track. Built as DOM (text set as text, never as HTML).
 */
export function devicePopup(
  d: MonitorDeviceCard,
  texts: PopupTexts,
  href: string,
  actions: { open: () => void; track: () => void },
): HTMLElement {
  const box = document.createElement('div');
  box.setAttribute('data-testid', 'map-popup');
  box.style.minWidth = '180px';
  const title = document.createElement('div');
  title.textContent = d.name;
  title.style.fontWeight = '600';
  title.style.marginBottom = '4px';
  box.append(title);
  const line = (label: string, value: string, color?: string) => {
    const row = document.createElement('div');
    const key = document.createElement('span');
    key.textContent = label;
    key.style.color = '#8c8c8c';
    const val = document.createElement('span');
    val.textContent = value;
    if (color) val.style.color = color;
    row.append(key, val);
    box.append(row);
  };
  const status = statusOf(d);
  const dot = document.createElement('div');
  dot.textContent = `● ${texts.status}`;
  dot.style.color = STATUS_COLORS[status];
  box.append(dot);
  if (d.groupName) line(texts.group, d.groupName);
  if (d.sn) line(texts.sn, d.sn);
  line(texts.alarms, String(d.alarmCount), d.alarmCount > 0 ? '#ff4d4f' : undefined);
  const links = document.createElement('div');
  links.style.marginTop = '8px';
  links.style.display = 'flex';
  links.style.gap = '12px';
  const open = document.createElement('a');
  open.href = href;
  open.textContent = texts.open;
  open.setAttribute('data-testid', 'map-popup-open');
  open.addEventListener('click', (e) => {
    // the router goes there without a page load; a new tab (ctrl/middle click) still works
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    actions.open();
  });
  const track = document.createElement('a');
  track.href = '#';
  track.textContent = texts.track;
  track.setAttribute('data-testid', 'map-popup-track');
  track.addEventListener('click', (e) => {
    e.preventDefault();
    actions.track();
  });
  links.append(open, track);
  box.append(links);
  return box;
}
