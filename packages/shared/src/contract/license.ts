import { z } from 'zod';
import { answerTime, defineCalls } from './define';

/**
 * Activation by a licence file (docs/requirements/account-security.md §6, issue 20). A licence is
 * JSON `{ payload, signature }`: `payload` the base64url of the licence's JSON (LicenseTerms),
 * `signature` the base64url Ed25519 signature of the payload text by the vendor's private key. The
 * platform holds the public key (LICENSE_PUBLIC_KEY). A malformed file is 10007, a signature that
 * does not verify 10009, an expired licence 90100.
 */

/**
 * Functions a licence switches on (90104 when one is used under a licence without it; without a
 * licence every function is on): `speech`, the server's spoken alarms (/lfscada/msg/createSound).
 */
export const LICENSED_FUNCTIONS = ['speech'] as const;
export type LicensedFunction = (typeof LICENSED_FUNCTIONS)[number];

/** What a licence grants; a limit left out is no limit. */
export const licenseTermsSchema = z.object({
  id: z.string().min(1).max(100),
  issuedTo: z.string().min(1).max(200),
  users: z.number().int().min(0).nullable().optional(),
  gateways: z.number().int().min(0).nullable().optional(),
  variables: z.number().int().min(0).nullable().optional(),
  functions: z.array(z.string().max(50)).max(100).default([]),
  /** ISO time at which it lapses */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type LicenseTerms = z.infer<typeof licenseTermsSchema>;

export const licenseFileSchema = z.object({
  payload: z.string().min(1).max(100_000),
  signature: z.string().min(1).max(200),
});

export const LICENSE_FILE_MAX = 256 * 1024;

const usageSchema = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

export const licenseCalls = defineCalls('license', {
  info: {
    path: '/lfscada/license/info',
    output: z.object({
      /** LICENSE_REQUIRED: without a valid licence nothing limited can be added (90100) */
      required: z.boolean(),
      state: z.enum(['none', 'valid', 'expired']),
      license: z
        .object({
          id: z.string(),
          issuedTo: z.string(),
          functions: z.array(z.string()),
          expiresAt: answerTime,
          uploadedAt: answerTime,
        })
        .nullable(),
      users: usageSchema,
      gateways: usageSchema,
      variables: usageSchema,
    }),
    access: { perm: 'platform_system' },
    summary: 'The licence in force, its limits and what is used of them',
  },
  upload: {
    path: '/lfscada/license/upload',
    input: z.object({ file: z.string().min(1).max(LICENSE_FILE_MAX) }),
    output: z.object({ id: z.string() }),
    access: { perm: 'platform_system' },
    bodyLimit: LICENSE_FILE_MAX + 16 * 1024,
    summary: 'Installs a licence file after checking its signature and expiry',
  },
});
