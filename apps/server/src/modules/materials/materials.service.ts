/**
 * The material library (docs/requirements/pages-and-designer.md §12.1): the enterprise's images for page
 * backgrounds and image widgets. Every account of the enterprise lists and sees them (a page's
 * viewers load them); adding and deleting needs a page-designing permission (devices', projects'
 * or templates' management). Everything stays inside the caller's enterprise: another
 * enterprise's material answers 90002.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  Err,
  MATERIAL_MAX_BYTES,
  MATERIALS_PER_UPLOAD,
  type LocalizedText,
  type MaterialRow,
  type UploadedMaterial,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { dropUnreadBody, readFileLimited, refuseDeclaredOversize } from '../../http/uploadLimit';
import { ExplainedError } from '../bulk/upload';
import { SVG_REFUSALS, sanitiseSvgOffThread, sniffMaterial } from './materialFiles';
import type { SanitiseRefusal } from './svgSanitiser.mjs';
import * as repo from './materials.repo';
import { recordBy } from '../oplog/oplog.service';

const DESIGNING = ['equipment_manage', 'project_manage', 'template_manage'] as const;

export function mayDesign(auth: AuthContext): boolean {
  return auth.kind === 'enterprise' || DESIGNING.some((p) => auth.auths.has(p));
}

const WRONG_TYPE: LocalizedText = {
  'zh-CN': '只能上传 PNG、JPEG、GIF、WebP 或 SVG 图片',
  'en-US': 'only PNG, JPEG, GIF, WebP and SVG pictures can be uploaded',
};

function refusedSvg(name: string, reason: SanitiseRefusal): ExplainedError {
  const why = SVG_REFUSALS[reason];
  return new ExplainedError(reason === 'tooLarge' ? Err.fileTooLarge : Err.fileFormatWrong, {
    'zh-CN': `SVG 图片 ${name} 无法清理（${why['zh-CN']}）`,
    'en-US': `the SVG picture ${name} cannot be cleaned (${why['en-US']})`,
  });
}

export interface UploadedFile {
  filename: string;
  content: Buffer;
}

/**
 * Reads the files of a multipart upload: at most 10 (2801 for more), each at most 2 MB (10008),
 * none empty (10006); no file at all is 10011.
 */
export async function readMaterialFiles(req: FastifyRequest): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw new AppError(Err.fileMissing);
  refuseDeclaredOversize(req, MATERIAL_MAX_BYTES * MATERIALS_PER_UPLOAD);
  const files: UploadedFile[] = [];
  try {
    const parts = req.parts({
      limits: { fileSize: MATERIAL_MAX_BYTES, files: MATERIALS_PER_UPLOAD, fields: 5, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file')
        files.push({ filename: part.filename, content: await readFileLimited(part.file, req) });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') {
      dropUnreadBody(req);
      throw new AppError(Err.materialUploadLimit);
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(Err.fileTooLarge);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(Err.parameterCheckFailed, { params: { detail: 'fields' } });
    throw err;
  }
  if (!files.length) throw new AppError(Err.fileMissing);
  if (files.some((f) => f.content.length === 0)) throw new AppError(Err.fileEmpty);
  return files;
}

/** A shown name: the sent name's last path part without its extension, bounded. */
function shownName(sent: string): string {
  return (
    (sent.split(/[\\/]/).pop() ?? '')
      .replace(/\.[^.]*$/, '')
      .slice(0, 100)
      .trim() || 'image'
  );
}

/**
 * Checks every file before storing any: one bad file stores none. An SVG is stored sanitised
 * (scripts, event handlers and outside references left out); `cleaned` tells which were changed so.
 */
export async function uploadMaterials(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  ip: string,
  files: UploadedFile[],
): Promise<UploadedMaterial[]> {
  if (!mayDesign(auth)) throw new AppError(Err.noAccess);
  if (files.length > MATERIALS_PER_UPLOAD) throw new AppError(Err.materialUploadLimit);
  const typed = files.map((f) => {
    const type = sniffMaterial(f.content);
    if (!type) throw new ExplainedError(Err.fileFormatWrong, WRONG_TYPE);
    return { type, name: shownName(f.filename), content: f.content, cleaned: false };
  });
  const checked: typeof typed = [];
  for (const f of typed) {
    if (f.type.ext === 'svg') {
      const svg = await sanitiseSvgOffThread(f.content);
      if (!svg.ok) throw refusedSvg(f.name, svg.reason);
      checked.push({ ...f, content: Buffer.from(svg.svg), cleaned: svg.removed > 0 });
    } else checked.push(f);
  }
  const at = clock.now();
  return db.tx(async (tx) => {
    const rows: UploadedMaterial[] = [];
    for (const f of checked)
      rows.push({
        ...(await repo.insertMaterial(tx, auth.orgId, {
          fileKey: `${randomBytes(12).toString('hex')}.${f.type.ext}`,
          name: f.name,
          mime: f.type.mime,
          content: f.content,
          by: auth.accountId,
          at,
        })),
        cleaned: f.cleaned,
      });
    const cleaned = rows.filter((r) => r.cleaned).map((r) => r.name);
    await recordBy(tx, auth, ip, {
      action: 'material.upload',
      objectType: 'material',
      objectId: rows.map((r) => r.id).join(','),
      detail: { names: rows.map((r) => r.name), ...(cleaned.length ? { cleaned } : {}) },
    });
    return rows;
  });
}

export function listMaterials(db: Db, auth: AuthContext, name: string | undefined): Promise<MaterialRow[]> {
  return repo.listMaterials(db, auth.orgId, name);
}

export async function removeMaterial(db: Db, auth: AuthContext, ip: string, id: number): Promise<void> {
  if (!mayDesign(auth)) throw new AppError(Err.noAccess);
  await db.tx(async (tx) => {
    if (!(await repo.deleteMaterial(tx, auth.orgId, id))) throw new AppError(Err.dataMissingOrNoAccess);
    await recordBy(tx, auth, ip, { action: 'material.delete', objectType: 'material', objectId: id });
  });
}

/** The file of `/userimg/<key>` for the caller's enterprise; 90002 for a key it does not hold. */
export async function materialFile(db: Db, auth: AuthContext, key: string) {
  if (!/^[0-9a-f]{24}\.(png|jpg|gif|webp|svg)$/.test(key)) throw new AppError(Err.dataMissingOrNoAccess);
  const file = await repo.materialFile(db, auth.orgId, key);
  if (!file) throw new AppError(Err.dataMissingOrNoAccess);
  return file;
}
