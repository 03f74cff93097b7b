/**
 * Gateway firmware packages (back office, /manage/system/hardware): a platform operator uploads a
 * package per gateway series and version; the platform keeps its bytes and sha256 so every server
 * instance can hand it to a gateway that was told to upgrade (link/firmwareUpgrade.ts).
 */
import { createHash } from 'node:crypto';
import {
  AppError,
  Err,
  FIRMWARE_MAX_BYTES,
  compareVersions,
  firmwarePackageSchema,
  versionKey,
  type Lang,
} from '@fieldhub/shared';
import type { FastifyRequest } from 'fastify';
import { one, type Db } from '../../db/db';
import { pageClause, Where } from '../../db/where';
import type { AuthContext } from '../../http/context';
import { readOneFile } from '../../http/uploadLimit';
import { parseInput } from '../../http/route';
import { recordBy } from '../oplog/oplog.service';

export interface FirmwarePackage {
  id: number;
  series: string;
  version: string;
  note: string;
  filename: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

const packageColumns = `id, series, version, note, filename, size, sha256, created_at as "createdAt"`;

/**
 * Reads the multipart upload: one file and its fields. A file above FIRMWARE_MAX_BYTES is refused
 * (10008) as soon as the declared length or the bytes read say so.
 */
async function readPackageUpload(req: FastifyRequest, lang: Lang) {
  const { fields, filename, content } = await readOneFile(req, { maxBytes: FIRMWARE_MAX_BYTES, fields: 5 });
  return { input: parseInput(firmwarePackageSchema, fields, lang), file: { filename, content } };
}

/** Stores an uploaded package; a version the series already has is refused (90006). */
export async function addPackage(db: Db, auth: AuthContext, req: FastifyRequest, lang: Lang) {
  const { input, file } = await readPackageUpload(req, lang);
  const series = await one(db, 'select 1 from gateway_series where name = $1', [input.series]);
  if (!series) throw new AppError(Err.parameterCheckFailed, { params: { detail: `series ${input.series}` } });
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  // the upload is read and hashed above: the transaction never waits on the network
  const id = await db.tx(async (tx) => {
    const row = await one<{ id: number }>(
      tx,
      `insert into firmware_packages (series, version, version_key, note, filename, size, sha256, content)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (series, version) do nothing returning id`,
      [
        input.series,
        input.version,
        versionKey(input.version),
        input.note,
        file.filename.slice(0, 200),
        file.content.length,
        sha256,
        file.content,
      ],
    );
    if (!row) throw new AppError(Err.nameExists);
    await recordBy(tx, auth, req.ip, {
      action: 'firmware.add',
      objectType: 'firmware',
      objectId: row.id,
      detail: { series: input.series, version: input.version, sha256 },
    });
    return row.id;
  });
  return { id, sha256, size: file.content.length };
}

export async function listPackages(
  db: Db,
  q: { series?: string | undefined; pageNum: number; pageSize: number },
) {
  const where = new Where().addIf(q.series, 'series = ?');
  const [count] = await db.query<{ n: number }>(
    `select count(*)::int as n from firmware_packages where ${where}`,
    where.params,
  );
  const list = await db.query<FirmwarePackage>(
    `select ${packageColumns} from firmware_packages where ${where}
      order by series, version_key desc ${pageClause(q)}`,
    where.params,
  );
  return { list, total: count?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** Removes a package, unless a gateway is being upgraded with it (10004). */
export async function deletePackage(db: Db, auth: AuthContext, id: number, ip: string) {
  await db.tx(async (tx) => {
    const inUse = await one(
      tx,
      `select 1 from command_tasks where kind = 'upgrade' and state in ('queued', 'sent')
          and (payload->>'packageId')::bigint = $1`,
      [id],
    );
    if (inUse) throw new AppError(Err.inUseCannotDelete);
    const rows = await tx.query('delete from firmware_packages where id = $1 returning id', [id]);
    if (!rows.length) throw new AppError(Err.dataMissingOrNoAccess);
    await recordBy(tx, auth, ip, { action: 'firmware.delete', objectType: 'firmware', objectId: id });
  });
}

/** The newest package of a series, or null. */
export async function latestPackage(db: Db, series: string) {
  return one<FirmwarePackage>(
    db,
    `select ${packageColumns} from firmware_packages where series = $1 order by version_key desc limit 1`,
    [series],
  );
}

/** Whether `latest` is newer than what the gateway runs. */
export const isNewer = (latest: string | null | undefined, running: string) =>
  !!latest && compareVersions(latest, running) > 0;

/** The bytes of a package. */
export async function packageContent(db: Db, id: number): Promise<Buffer | null> {
  const row = await one<{ content: Uint8Array }>(db, 'select content from firmware_packages where id = $1', [
    id,
  ]);
  return row ? Buffer.from(row.content) : null;
}
