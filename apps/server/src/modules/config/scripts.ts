import { AppError, Err, type ScriptInput, type ScriptRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { AuthContext } from '../../http/context';
import {
  checkCapacity,
  nameTakenIn,
  recordChange,
  requireFormula,
  requireOwnedRow,
  resolveOwner,
  seriesCapacity,
  variableNamesOf,
  type ConfigOwner,
  type OwnerInput,
} from './configOwner';

export async function listScripts(db: Db, auth: AuthContext, input: OwnerInput): Promise<ScriptRow[]> {
  const owner = await resolveOwner(db, auth, input);
  return db.query<ScriptRow>(
    `select id, name, strategy, interval_s as "intervalS", condition, body, enabled from scripts where ${owner.column} = $1 order by id`,
    [owner.id],
  );
}

async function checkScript(db: Db, owner: ConfigOwner, s: ScriptInput) {
  const cap = await seriesCapacity(db, owner.series);
  if (!cap.features.includes('scripts')) throw new AppError(Err.scriptsUnsupported);
  if (s.strategy === 'conditional')
    requireFormula(s.condition, await variableNamesOf(db, owner), Err.parameterCheckFailed, 'condition');
}

export async function addScript(db: Db, auth: AuthContext, input: OwnerInput, s: ScriptInput, ip: string) {
  return db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'script');
    await checkScript(tx, owner, s);
    if (await nameTakenIn(tx, owner, 'scripts', s.name, null)) throw new AppError(Err.scriptNameExists);
    await checkCapacity(tx, owner, 'scripts');
    const [row] = await tx.query<{ id: number }>(
      `insert into scripts(name, strategy, interval_s, condition, body, enabled, org_id, ${owner.column})
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [s.name, s.strategy, s.intervalS, s.condition, s.body, s.enabled, owner.orgId, owner.id],
    );
    await recordChange(tx, auth, ip, owner, 'script.add', { name: s.name });
    return row!.id;
  });
}

export async function editScript(
  db: Db,
  auth: AuthContext,
  input: OwnerInput,
  id: number,
  s: ScriptInput,
  ip: string,
) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'script');
    await requireOwnedRow(tx, owner, 'scripts', id, Err.dataMissingOrNoAccess);
    await checkScript(tx, owner, s);
    if (await nameTakenIn(tx, owner, 'scripts', s.name, id)) throw new AppError(Err.scriptNameExists);
    await tx.query(
      'update scripts set name = $2, strategy = $3, interval_s = $4, condition = $5, body = $6, enabled = $7 where id = $1',
      [id, s.name, s.strategy, s.intervalS, s.condition, s.body, s.enabled],
    );
    await recordChange(tx, auth, ip, owner, 'script.edit', { scriptId: id });
  });
}

export async function deleteScript(db: Db, auth: AuthContext, input: OwnerInput, id: number, ip: string) {
  await db.tx(async (tx) => {
    const owner = await resolveOwner(tx, auth, input, 'script');
    await requireOwnedRow(tx, owner, 'scripts', id, Err.dataMissingOrNoAccess);
    await tx.query('delete from scripts where id = $1', [id]);
    await recordChange(tx, auth, ip, owner, 'script.delete', { scriptId: id });
  });
}
