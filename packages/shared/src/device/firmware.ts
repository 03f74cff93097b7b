import { z } from 'zod';

/** Largest firmware package a platform operator may upload. */
export const FIRMWARE_MAX_BYTES = 50 * 1024 * 1024;

/** A firmware version: up to four dot-separated numbers (1.4, 2.0.13, 3.1.0.7). */
export const FIRMWARE_VERSION_PATTERN = /^\d{1,6}(\.\d{1,6}){0,3}$/;

/** The numbers of a version, or null when it is not one (a gateway may report anything). */
export function versionKey(version: string): number[] | null {
  const text = version.trim();
  return FIRMWARE_VERSION_PATTERN.test(text) ? text.split('.').map(Number) : null;
}

/**
 * Orders two versions by their numbers, missing parts counting as 0 (1.2 = 1.2.0 < 1.10); a
 * version that is not one comes before every version.
 */
export function compareVersions(a: string, b: string): number {
  const ka = versionKey(a);
  const kb = versionKey(b);
  if (!ka || !kb) return (ka ? 1 : 0) - (kb ? 1 : 0);
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** The form fields sent with an uploaded package. */
export const firmwarePackageSchema = z.object({
  series: z.string().trim().min(1).max(30),
  version: z.string().trim().regex(FIRMWARE_VERSION_PATTERN),
  note: z.string().trim().max(200).default(''),
});
export type FirmwarePackageInput = z.infer<typeof firmwarePackageSchema>;

/** Where an upgrade stands, as the gateway reports it (up/ota/progress), after the platform sent it. */
export const FIRMWARE_UPGRADE_STATES = [
  'sent',
  'downloading',
  'downloaded',
  'verified',
  'updating',
  'updated',
  'failed',
] as const;
export type FirmwareUpgradeState = (typeof FIRMWARE_UPGRADE_STATES)[number];

/** States in which an upgrade is still running: the gateway takes no other upgrade meanwhile (1309). */
export const UPGRADE_RUNNING: readonly FirmwareUpgradeState[] = [
  'sent',
  'downloading',
  'downloaded',
  'verified',
  'updating',
];
