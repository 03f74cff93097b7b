import { z } from 'zod';
import { FIRMWARE_MAX_BYTES } from '../device/firmware';
import { formId, listPageOf, pagingSchema } from '../validation/form';
import { answerTime, defineCalls, noData } from './define';

/** A firmware package of the back office; its bytes stay on the platform. */
export const firmwarePackageRow = z.object({
  id: z.number().int(),
  series: z.string(),
  version: z.string(),
  note: z.string(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: answerTime,
});

const platform = { perm: 'platform_system' } as const;

/** Gateway firmware packages of the back office (docs/requirements/devices-and-gateways.md §11). */
export const firmwareCalls = defineCalls('firmware', {
  query: {
    path: '/lfscada/hardware/firmware/query',
    input: pagingSchema.extend({ series: z.string().trim().max(30).optional() }),
    output: listPageOf(firmwarePackageRow),
    access: platform,
    summary: 'A page of the firmware packages, by series then newest version',
  },
  remove: {
    path: '/lfscada/hardware/firmware/delete',
    input: z.object({ id: formId }),
    output: noData,
    access: platform,
    summary: 'Deletes a package no running upgrade uses',
  },
  add: {
    path: '/lfscada/hardware/firmware/add',
    // multipart: the fields series, version and note (firmwarePackageSchema), then the file
    output: z.object({ id: z.number().int(), sha256: z.string(), size: z.number().int() }),
    access: platform,
    body: 'multipart',
    bodyLimit: FIRMWARE_MAX_BYTES + 64 * 1024,
    summary: 'Uploads a firmware package for a gateway series and version',
  },
});
