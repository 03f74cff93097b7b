/**
 * Symbols and the configuration market (docs/requirements/pages-and-designer.md §12.2–§12.3,
 * back-office.md §6). Symbols belong to the caller's enterprise: every account lists and places
 * them, saving and deleting need a page-designing permission, and another enterprise's symbol
 * answers 90002. Templates are the platform's: every logged-in account lists and imports them,
 * only `platform_system` (checked by the route's access) writes them. Files are checked by
 * packages/hmi before anything is stored (1906 naming the first problem).
 */
import { parseSymbol, symbolFile, type PageDocument } from '@fieldhub/hmi';
import {
  AppError,
  Err,
  PAGE_DOCUMENT_MAX_BYTES,
  SYMBOL_FILE_MAX_BYTES,
  TEMPLATE_COVER_MAX_BYTES,
  type Lang,
  type LocalizedText,
  type SymbolRow,
  type PageTemplateRow,
} from '@fieldhub/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import { ExplainedError } from '../bulk/upload';
import { sniffMaterial } from '../materials/materialFiles';
import { mayDesign } from '../materials/materials.service';
import { recordBy } from '../oplog/oplog.service';
import { checkDocument, documentInvalid } from '../pages/pageDocument';
import * as repo from './market.repo';

const MB = 1024 * 1024;

function tooLarge(raw: unknown, max: number): void {
  if (Buffer.byteLength(JSON.stringify(raw ?? null), 'utf8') > max) {
    throw new AppError(Err.pageDocumentTooLarge, { params: { max: max / MB } });
  }
}

export function listSymbols(db: Db, auth: AuthContext): Promise<SymbolRow[]> {
  return repo.listSymbols(db, auth.orgId);
}

export async function symbolInfo(db: Db, auth: AuthContext, id: number) {
  const found = await repo.symbolInfo(db, auth.orgId, id);
  if (!found) throw new AppError(Err.dataMissingOrNoAccess);
  return found;
}

export async function addSymbol(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  ip: string,
  lang: Lang,
  input: { name: string; file: unknown },
): Promise<SymbolRow> {
  if (!mayDesign(auth)) throw new AppError(Err.noAccess);
  tooLarge(input.file, SYMBOL_FILE_MAX_BYTES);
  const parsed = parseSymbol(input.file);
  if (!parsed.ok) throw documentInvalid(parsed.issues, lang);
  const { symbol } = parsed;
  return db.tx(async (tx) => {
    const row = await repo.insertSymbol(tx, auth.orgId, {
      name: input.name,
      // stored as read: migrated to the current page version, under its name in the library
      file: symbolFile(input.name, symbol),
      widgetCount: symbol.page.widgets.length,
      placeholderCount: symbol.placeholders.length,
      by: auth.accountId,
      at: clock.now(),
    });
    await recordBy(tx, auth, ip, {
      action: 'symbol.add',
      objectType: 'symbol',
      objectId: row.id,
      detail: { name: row.name },
    });
    return row;
  });
}

export async function removeSymbol(db: Db, auth: AuthContext, ip: string, id: number): Promise<void> {
  if (!mayDesign(auth)) throw new AppError(Err.noAccess);
  await db.tx(async (tx) => {
    if (!(await repo.deleteSymbol(tx, auth.orgId, id))) throw new AppError(Err.dataMissingOrNoAccess);
    await recordBy(tx, auth, ip, { action: 'symbol.delete', objectType: 'symbol', objectId: id });
  });
}

const COVER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const WRONG_COVER: LocalizedText = {
  'zh-CN': '封面只能是 PNG、JPEG、GIF 或 WebP 图片',
  'en-US': 'the cover must be a PNG, JPEG, GIF or WebP picture',
};

/** A cover as stored: '' or a `data:` address whose bytes are the picture type it names. */
function checkCover(cover: string): string {
  if (!cover) return '';
  const m = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(cover);
  if (!m) throw new ExplainedError(Err.fileFormatWrong, WRONG_COVER);
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length > TEMPLATE_COVER_MAX_BYTES) throw new AppError(Err.fileTooLarge);
  const type = sniffMaterial(bytes);
  if (!type || !COVER_TYPES.has(type.mime)) throw new ExplainedError(Err.fileFormatWrong, WRONG_COVER);
  return `data:${type.mime};base64,${m[2]}`;
}

/** A template's document: checked as a page, without owner, title or protection of its source. */
function templateDocument(raw: unknown, lang: Lang): PageDocument {
  tooLarge(raw, PAGE_DOCUMENT_MAX_BYTES);
  const { document } = checkDocument(raw, lang);
  return {
    ...document,
    options: {
      ...document.options,
      equipmentId: '',
      templateId: '',
      projectId: '',
      checkpwd: false,
      password: '',
    },
  };
}

export function listTemplates(db: Db, name: string | undefined): Promise<PageTemplateRow[]> {
  return repo.listTemplates(db, name);
}

export async function templateInfo(db: Db, id: number) {
  const found = await repo.templateInfo(db, id);
  if (!found) throw new AppError(Err.dataMissingOrNoAccess);
  return found;
}

interface TemplateInput {
  name: string;
  description: string;
  cover: string;
  document?: unknown;
}

export async function addTemplate(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  ip: string,
  lang: Lang,
  input: TemplateInput,
): Promise<PageTemplateRow> {
  const document = templateDocument(input.document, lang);
  const cover = checkCover(input.cover);
  return db.tx(async (tx) => {
    const row = await repo.insertTemplate(tx, {
      name: input.name,
      description: input.description,
      cover,
      document: { ...document, options: { ...document.options, title: input.name } },
      widgetCount: document.widgets.length,
      at: clock.now(),
    });
    await recordBy(tx, auth, ip, {
      action: 'pageTemplate.add',
      objectType: 'pageTemplate',
      objectId: row.id,
      detail: { name: row.name },
    });
    return row;
  });
}

export async function editTemplate(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  ip: string,
  lang: Lang,
  id: number,
  input: TemplateInput,
): Promise<PageTemplateRow> {
  const document = input.document === undefined ? undefined : templateDocument(input.document, lang);
  const cover = checkCover(input.cover);
  return db.tx(async (tx) => {
    const row = await repo.updateTemplate(tx, id, {
      name: input.name,
      description: input.description,
      cover,
      at: clock.now(),
      ...(document && { document, widgetCount: document.widgets.length }),
    });
    if (!row) throw new AppError(Err.dataMissingOrNoAccess);
    await recordBy(tx, auth, ip, {
      action: 'pageTemplate.edit',
      objectType: 'pageTemplate',
      objectId: id,
      detail: { name: row.name },
    });
    return row;
  });
}

export async function removeTemplate(db: Db, auth: AuthContext, ip: string, id: number): Promise<void> {
  await db.tx(async (tx) => {
    if (!(await repo.deleteTemplate(tx, id))) throw new AppError(Err.dataMissingOrNoAccess);
    await recordBy(tx, auth, ip, { action: 'pageTemplate.delete', objectType: 'pageTemplate', objectId: id });
  });
}
