import type { FastifyRequest } from 'fastify';
import {
  AppError,
  Err,
  REPAIR_ATTACHMENT_MAX_BYTES,
  REPAIR_ATTACHMENTS_MAX,
  type LocalizedText,
  type RepairAttachment,
} from '@fieldhub/shared';
import type { AuthContext } from '../../http/context';
import { readOneFile } from '../../http/uploadLimit';
import { ExplainedError } from '../bulk/upload';
import * as repo from './repairs.repo';
import { recordBy } from '../oplog/oplog.service';
import { attachableOrder, logged, readableOrderOf, type RepairDeps } from './repairs.service';

/**
 * Photos and files of a repair order (docs/requirements/operations.md §2.1): at most 10 per order
 * (2801), at most 5 MB (10008), the type read from the bytes, never from the name or the declared
 * type (10007). No image library is installed on the server, so photos are stored as sent: the
 * browser makes them smaller before sending (features/ops/repairs/shrinkPhoto.ts).
 */

export interface SniffedType {
  kind: 'image' | 'file';
  mime: string;
  ext: string;
}

const startsWith = (b: Buffer, bytes: readonly number[], at = 0) => bytes.every((v, i) => b[at + i] === v);

/** What the bytes are: PNG, JPEG, WebP or PDF, or null for anything else. */
export function sniffType(b: Buffer): SniffedType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  if (b.toString('latin1', 0, 5) === '%PDF-') return { kind: 'file', mime: 'application/pdf', ext: 'pdf' };
  return null;
}

const WRONG_TYPE: LocalizedText = {
  'zh-CN': '只能上传 PNG、JPEG、WebP 图片或 PDF 文件',
  'en-US': 'only PNG, JPEG and WebP pictures and PDF files can be uploaded',
};

/** Reads the multipart body: the order id field and one file. */
export async function readAttachmentUpload(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; fileName: string; content: Buffer }> {
  const { fields, filename, content } = await readOneFile(req, {
    maxBytes: REPAIR_ATTACHMENT_MAX_BYTES,
    fields: 5,
    fieldSize: 1024,
  });
  return { fields, fileName: filename, content };
}

/** A stored name: the sent name's last path part, bounded, with the sniffed type's extension. */
function storedName(sent: string, type: SniffedType): string {
  const base = (sent.split(/[\\/]/).pop() ?? '').replace(/\.[^.]*$/, '').slice(0, 100) || 'attachment';
  return `${base}.${type.ext}`;
}

export async function upload(
  deps: RepairDeps,
  auth: AuthContext,
  orderId: number,
  file: { fileName: string; content: Buffer },
  ip: string,
): Promise<RepairAttachment> {
  const type = sniffType(file.content);
  if (!type) throw new ExplainedError(Err.fileFormatWrong, WRONG_TYPE);
  return deps.db.tx(async (tx) => {
    const order = await attachableOrder(tx, auth, orderId);
    if ((await repo.attachmentCount(tx, auth.orgId, orderId)) >= REPAIR_ATTACHMENTS_MAX)
      throw new AppError(Err.materialUploadLimit);
    const at = deps.clock.now();
    const fileName = storedName(file.fileName, type);
    const stored = await repo.insertAttachment(tx, auth.orgId, {
      orderId,
      kind: type.kind,
      mime: type.mime,
      fileName,
      content: file.content,
      by: auth.accountId,
      at,
    });
    await repo.insertEvent(tx, auth.orgId, {
      orderId,
      accountId: auth.accountId,
      action: 'attach',
      detail: { file: fileName },
      at,
    });
    await recordBy(tx, auth, ip, logged('attach', orderId, { number: order.number, file: fileName }));
    return stored;
  });
}

export async function download(deps: RepairDeps, auth: AuthContext, id: number) {
  const att = await repo.attachmentById(deps.db, auth.orgId, id);
  if (!att) throw new AppError(Err.dataMissingOrNoAccess);
  await readableOrderOf(deps.db, auth, att.orderId);
  const file = await repo.attachmentContent(deps.db, auth.orgId, id);
  if (!file) throw new AppError(Err.fileMissing);
  return file;
}

export async function remove(deps: RepairDeps, auth: AuthContext, id: number, ip: string): Promise<void> {
  await deps.db.tx(async (tx) => {
    const att = await repo.attachmentById(tx, auth.orgId, id);
    if (!att) throw new AppError(Err.dataMissingOrNoAccess);
    const order = await attachableOrder(tx, auth, att.orderId);
    await repo.deleteAttachment(tx, auth.orgId, id);
    await recordBy(tx, auth, ip, logged('detach', att.orderId, { number: order.number, file: att.fileName }));
    await repo.insertEvent(tx, auth.orgId, {
      orderId: att.orderId,
      accountId: auth.accountId,
      action: 'detach',
      detail: { file: att.fileName },
      at: deps.clock.now(),
    });
  });
}
