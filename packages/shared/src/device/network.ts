import { z } from 'zod';

/** Dotted IPv4 address, each part 0-255 without leading zeros. */
export const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function ipToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

/** A subnet mask is contiguous ones then zeros (255.255.255.0, not 255.0.255.0). */
export function isSubnetMask(mask: string): boolean {
  if (!IPV4.test(mask)) return false;
  const n = ipToInt(mask);
  const inverted = ~n >>> 0;
  return n !== 0 && (inverted & (inverted + 1)) === 0;
}

/**
 * Whether `ip` lies in the segment of `lanIp`/`mask` (docs/requirements/devices-and-gateways.md §6.4: the
 * next hop must).
 */
export function inSegment(ip: string, lanIp: string, mask: string): boolean {
  const m = ipToInt(mask);
  return (ipToInt(ip) & m) >>> 0 === (ipToInt(lanIp) & m) >>> 0;
}

export const ipSchema = z.string().trim().regex(IPV4, 'IP');
export const portSchema = z.coerce.number().int().min(1).max(65535);

/**
 * Gateway SN: 12 digits; verification code: 6 digits (docs/requirements/devices-and-gateways.md §4.3, §6.1).
 */
export const SN_PATTERN = /^[0-9]{12}$/;
export const VERIFY_CODE_PATTERN = /^[0-9]{6}$/;
export const snSchema = z.string().trim().regex(SN_PATTERN, 'SN');
export const verifyCodeSchema = z.string().trim().regex(VERIFY_CODE_PATTERN, 'code');
