import { AppError, Err, type SymbolRow, type PageTemplateRow } from '@fieldhub/shared';
import { isUniqueViolation, one, type Db } from '../../db/db';

/** Symbols are scoped by the enterprise; templates are global (the market). */

interface SymbolRecord {
  id: number;
  name: string;
  widget_count: number;
  placeholder_count: number;
  created_at: Date;
}

const SYMBOL_COLUMNS = 'id, name, widget_count, placeholder_count, created_at';

function symbolRow(r: SymbolRecord): SymbolRow {
  return {
    id: Number(r.id),
    name: r.name,
    widgetCount: r.widget_count,
    placeholderCount: r.placeholder_count,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listSymbols(db: Db, orgId: number): Promise<SymbolRow[]> {
  const rows = await db.query<SymbolRecord>(
    `select ${SYMBOL_COLUMNS} from page_symbols where org_id = $1 order by name, id limit 1000`,
    [orgId],
  );
  return rows.map(symbolRow);
}

export async function symbolInfo(
  db: Db,
  orgId: number,
  id: number,
): Promise<(SymbolRow & { file: unknown }) | undefined> {
  const r = await one<SymbolRecord & { file: unknown }>(
    db,
    `select ${SYMBOL_COLUMNS}, file from page_symbols where org_id = $1 and id = $2`,
    [orgId, id],
  );
  return r && { ...symbolRow(r), file: r.file };
}

export async function insertSymbol(
  db: Db,
  orgId: number,
  s: { name: string; file: unknown; widgetCount: number; placeholderCount: number; by: number; at: Date },
): Promise<SymbolRow> {
  try {
    const r = await one<SymbolRecord>(
      db,
      `insert into page_symbols (org_id, name, file, widget_count, placeholder_count, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${SYMBOL_COLUMNS}`,
      [orgId, s.name, JSON.stringify(s.file), s.widgetCount, s.placeholderCount, s.by, s.at],
    );
    return symbolRow(r!);
  } catch (err) {
    if (isUniqueViolation(err, 'page_symbols_name_uq')) throw new AppError(Err.widgetGroupNameExists);
    throw err;
  }
}

export async function deleteSymbol(db: Db, orgId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from page_symbols where org_id = $1 and id = $2 returning id', [
    orgId,
    id,
  ]);
  return rows.length > 0;
}

interface TemplateRecord {
  id: number;
  name: string;
  description: string;
  cover: string;
  widget_count: number;
  updated_at: Date;
}

const TEMPLATE_COLUMNS = 'id, name, description, cover, widget_count, updated_at';

function templateRow(r: TemplateRecord): PageTemplateRow {
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    cover: r.cover,
    widgetCount: r.widget_count,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listTemplates(db: Db, name: string | undefined): Promise<PageTemplateRow[]> {
  const rows = await db.query<TemplateRecord>(
    `select ${TEMPLATE_COLUMNS} from page_templates
     where ($1::text is null or position(lower($1) in lower(name)) > 0)
     order by name, id limit 500`,
    [name || null],
  );
  return rows.map(templateRow);
}

export async function templateInfo(
  db: Db,
  id: number,
): Promise<(PageTemplateRow & { document: unknown }) | undefined> {
  const r = await one<TemplateRecord & { document: unknown }>(
    db,
    `select ${TEMPLATE_COLUMNS}, document from page_templates where id = $1`,
    [id],
  );
  return r && { ...templateRow(r), document: r.document };
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'page_templates_name_uq')) throw new AppError(Err.pageTemplateNameExists);
  throw err;
}

export interface TemplateFields {
  name: string;
  description: string;
  cover: string;
  at: Date;
}

export async function insertTemplate(
  db: Db,
  t: TemplateFields & { document: unknown; widgetCount: number },
): Promise<PageTemplateRow> {
  try {
    const r = await one<TemplateRecord>(
      db,
      `insert into page_templates (name, description, cover, document, widget_count, updated_at)
       values ($1, $2, $3, $4, $5, $6) returning ${TEMPLATE_COLUMNS}`,
      [t.name, t.description, t.cover, JSON.stringify(t.document), t.widgetCount, t.at],
    );
    return templateRow(r!);
  } catch (err) {
    return nameTaken(err);
  }
}

/** Updates a template; the document only when one is given. Undefined when there is no such template. */
export async function updateTemplate(
  db: Db,
  id: number,
  t: TemplateFields & { document?: unknown; widgetCount?: number },
): Promise<PageTemplateRow | undefined> {
  try {
    const r = await one<TemplateRecord>(
      db,
      `update page_templates set name = $2, description = $3, cover = $4, updated_at = $5,
         document = coalesce($6::jsonb, document), widget_count = coalesce($7, widget_count)
       where id = $1 returning ${TEMPLATE_COLUMNS}`,
      [
        id,
        t.name,
        t.description,
        t.cover,
        t.at,
        t.document === undefined ? null : JSON.stringify(t.document),
        t.widgetCount ?? null,
      ],
    );
    return r && templateRow(r);
  } catch (err) {
    return nameTaken(err);
  }
}

export async function deleteTemplate(db: Db, id: number): Promise<boolean> {
  const rows = await db.query('delete from page_templates where id = $1 returning id', [id]);
  return rows.length > 0;
}
