import { AppError, Err, type ScriptInput, type ScriptRow } from '@fieldhub/shared';
import type { Db } from '../../db/db';
import type { ConfigAreaDescriptor } from './configArea';
import { requireFormula, seriesCapacity, type ConfigOwner } from './configOwner';
import { variableNamesOf } from './configOwner.repo';
import * as repo from './scripts.repo';

async function checkScript(db: Db, owner: ConfigOwner, s: ScriptInput) {
  const cap = await seriesCapacity(db, owner.series);
  if (!cap.features.includes('scripts')) throw new AppError(Err.scriptsUnsupported);
  if (s.strategy === 'conditional')
    requireFormula(s.condition, await variableNamesOf(db, owner), Err.parameterCheckFailed, 'condition');
}

/** Gateway scripts (docs/requirements/device-configuration.md §6): only where the series has the feature. */
export const scriptArea: ConfigAreaDescriptor<ScriptInput, ScriptRow> = {
  area: 'script',
  table: 'scripts',
  counted: 'scripts',
  uniqueName: { of: (s) => s.name, taken: Err.scriptNameExists },
  missing: Err.dataMissingOrNoAccess,
  addedDetail: (s) => ({ name: s.name }),
  idKey: 'scriptId',
  list: repo.scriptsOf,
  insert: repo.insertScript,
  update: repo.updateScript,
  remove: repo.deleteScript,
  check: checkScript,
};
