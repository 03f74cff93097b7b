import { USERIMG_PATH, type MaterialRow } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';

interface MaterialRecord {
  id: number;
  file_key: string;
  name: string;
  mime: string;
  size: number;
  created_at: Date;
}

function toRow(r: MaterialRecord): MaterialRow {
  return {
    id: Number(r.id),
    name: r.name,
    mime: r.mime,
    size: r.size,
    url: `${USERIMG_PATH}/${r.file_key}`,
    createdAt: new Date(r.created_at).getTime(),
  };
}

const COLUMNS = 'id, file_key, name, mime, size, created_at';

export async function listMaterials(db: Db, orgId: number, name: string | undefined): Promise<MaterialRow[]> {
  const rows = await db.query<MaterialRecord>(
    `select ${COLUMNS} from materials
     where org_id = $1 and ($2::text is null or position(lower($2) in lower(name)) > 0)
     order by id desc limit 500`,
    [orgId, name || null],
  );
  return rows.map(toRow);
}

export async function insertMaterial(
  db: Db,
  orgId: number,
  m: { fileKey: string; name: string; mime: string; content: Buffer; by: number; at: Date },
): Promise<MaterialRow> {
  const row = await one<MaterialRecord>(
    db,
    `insert into materials (org_id, file_key, name, mime, size, content, uploaded_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
    [orgId, m.fileKey, m.name, m.mime, m.content.length, m.content, m.by, m.at],
  );
  return toRow(row!);
}

export async function deleteMaterial(db: Db, orgId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'delete from materials where org_id = $1 and id = $2 returning id',
    [orgId, id],
  );
  return rows.length > 0;
}

export async function materialFile(
  db: Db,
  orgId: number,
  fileKey: string,
): Promise<{ mime: string; content: Buffer } | undefined> {
  const row = await one<{ mime: string; content: Uint8Array }>(
    db,
    'select mime, content from materials where org_id = $1 and file_key = $2',
    [orgId, fileKey],
  );
  return row && { mime: row.mime, content: Buffer.from(row.content) };
}
