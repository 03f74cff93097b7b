/**
 * Signal strength as 0-4 bars. Negative values are read as dBm (cellular RSSI), others as a
 * percentage; the gateway protocol does not fix the unit yet.
 */
export function signalBars(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  if (value < 0) {
    if (value >= -70) return 4;
    if (value >= -85) return 3;
    if (value >= -100) return 2;
    return value >= -110 ? 1 : 0;
  }
  if (value >= 75) return 4;
  if (value >= 50) return 3;
  if (value >= 25) return 2;
  return value > 0 ? 1 : 0;
}
