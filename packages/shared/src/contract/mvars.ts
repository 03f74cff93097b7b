import { z } from 'zod';
import {
  mvarAddSchema,
  mvarDeleteSchema,
  mvarEditSchema,
  mvarFormulaVerdictSchema,
  mvarQueryAllSchema,
  mvarQuerySchema,
  mvarRowSchema,
  mvarStatisticsVerdictSchema,
  mvarValidFormulaSchema,
  mvarValidStatisticsSchema,
  mvarWithValueSchema,
} from '../mvar/mvarCalls';
import { listPageOf } from '../validation/form';
import { defineCalls, noData } from './define';

/**
 * Intermediate variables of a project (docs/requirements/projects.md §5, §9): values computed on
 * the server from a formula over the signals of the project's devices. The checks depend on the
 * project, so they happen in the server's service: project_manage, reading also ops_center members.
 */
export const mvarsCalls = defineCalls('mvars', {
  query: {
    path: '/lfscada/project/mvar/query',
    input: mvarQuerySchema,
    output: listPageOf(mvarRowSchema),
    summary: "A page of the project's intermediate variables, by title",
  },
  queryAll: {
    path: '/lfscada/project/mvar/queryAll',
    input: mvarQueryAllSchema,
    output: z.array(mvarWithValueSchema),
    summary: "The project's intermediate variables (all, or those named) with their latest values",
  },
  add: {
    path: '/lfscada/project/mvar/add',
    input: mvarAddSchema,
    output: mvarRowSchema,
    summary: 'Adds an intermediate variable (its formula checked against the project)',
  },
  edit: {
    path: '/lfscada/project/mvar/edit',
    input: mvarEditSchema,
    output: mvarRowSchema,
    summary: 'Edits an intermediate variable',
  },
  remove: {
    path: '/lfscada/project/mvar/delete',
    input: mvarDeleteSchema,
    output: noData,
    summary: 'Deletes an intermediate variable',
  },
  validFormula: {
    path: '/lfscada/project/mvar/validFormulaVar',
    input: mvarValidFormulaSchema,
    output: mvarFormulaVerdictSchema,
    summary: 'Checks a formula against the project; a refused formula is an answer, not an error',
  },
  validStatistics: {
    path: '/lfscada/project/report/mvar/validStatistics',
    input: mvarValidStatisticsSchema,
    output: mvarStatisticsVerdictSchema,
    summary: 'Checks that intermediate variables may be the fields of a statistics report',
  },
});
