import { LIMITS, SN_PATTERN } from '@fieldhub/shared';

/** What the "SN list" box of the register dialog holds, checked line by line. */
export interface SnListCheck {
  /** well-formed SNs in the order typed, each once */
  sns: string[];
  /** lines that are not 12 digits */
  invalid: string[];
  /** SNs typed more than once */
  duplicates: string[];
  /** more than 100 SNs (one batch, code 1306) */
  tooMany: boolean;
}

/** Splits the box into SNs: one per line (commas, spaces and tabs also separate), blanks ignored. */
export function checkSnList(text: string): SnListCheck {
  const seen = new Set<string>();
  const dup = new Set<string>();
  const invalid: string[] = [];
  const sns: string[] = [];
  for (const token of text.split(/[\s,;，；]+/)) {
    if (!token) continue;
    if (!SN_PATTERN.test(token)) {
      invalid.push(token);
      continue;
    }
    if (seen.has(token)) dup.add(token);
    else {
      seen.add(token);
      sns.push(token);
    }
  }
  return { sns, invalid, duplicates: [...dup], tooMany: sns.length > LIMITS.batchModules };
}

/** `count` consecutive SNs from `first` (for filling the box with a range), kept to 12 digits. */
export function snRange(first: string, count: number): string[] {
  if (!SN_PATTERN.test(first) || count < 1) return [];
  const start = BigInt(first);
  const out: string[] = [];
  for (let i = 0n; i < BigInt(Math.min(count, LIMITS.batchModules)); i++) {
    const sn = String(start + i).padStart(12, '0');
    if (sn.length > 12) break;
    out.push(sn);
  }
  return out;
}
