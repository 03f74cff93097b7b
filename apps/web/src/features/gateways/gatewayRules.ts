import { base64Bytes, CERT_MAX_BYTES, IPV4, lanProblem, type LanConfig } from '@fieldhub/shared';

/**
 * Browser checks of the gateway settings, the same rules the server applies (lanSchema,
 * lanProblem, certificateFileSchema), so the form refuses what the server would refuse.
 */

export const LAN_FIELDS = ['ip', 'mask', 'mac', 'crossTarget', 'nextHop'] as const;
export type LanField = (typeof LAN_FIELDS)[number];

const MAC = /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/;

/** What is wrong with one LAN field: a bad format, a catalogue code (1333, 1334) or nothing. */
export type LanFieldProblem = 'ip-format' | 'mac-format' | number | null;

/** Blank fields become absent, as the server's lanSchema reads them. */
export function cleanLan(values: Partial<Record<LanField, string | undefined>>): LanConfig {
  const out: LanConfig = {};
  for (const f of LAN_FIELDS) {
    const v = values[f]?.trim();
    if (v) out[f] = v;
  }
  return out;
}

export function lanFieldProblem(
  values: Partial<Record<LanField, string | undefined>>,
  field: LanField,
): LanFieldProblem {
  const lan = cleanLan(values);
  const value = lan[field];
  if (value === undefined) return null;
  if (field === 'mac') return MAC.test(value) ? null : 'mac-format';
  if (!IPV4.test(value)) return 'ip-format';
  // the cross-field rules only once every address involved is well formed
  const formatted = (f: LanField) => lan[f] === undefined || IPV4.test(lan[f]);
  if (field === 'mask') return lanProblem({ mask: value }) === 1334 ? 1334 : null;
  if (field === 'nextHop' && formatted('ip') && formatted('mask')) {
    return lanProblem(lan) === 1333 ? 1333 : null;
  }
  return null;
}

/** Certificates and keys: .pem or .der, at most 1 MB (docs/requirements/devices-and-gateways.md §6.4). */
export function certificateProblem(name: string, bytes: number): 'type' | 'size' | null {
  if (!/\.(pem|der)$/i.test(name.trim())) return 'type';
  if (bytes > CERT_MAX_BYTES) return 'size';
  return null;
}

/** The base64 part of a data: URL (what FileReader.readAsDataURL gives). */
export function base64OfDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? '' : dataUrl.slice(comma + 1);
}

/** Size in bytes of a base64 file content, for showing a stored certificate. */
export function certificateBytes(content: string): number {
  return content ? base64Bytes(content) : 0;
}
