import { commandResultSchema, UP } from '@fieldhub/shared';
import { applyCommandResult } from '../commandTasks';
import { defineUplink } from './uplinkRouter';

/**
 * `up/cmd/result`, the answer to a `down/cmd` (write, read, restart, locate, mode): finishes the
 * gateway's own task with its data or catalogue code; a located gateway's position is recorded
 * (commandTasks). An answer to another gateway's task changes nothing.
 */
export const commandResultUplink = defineUplink({
  suffix: UP.cmdResult,
  what: 'command result',
  schema: commandResultSchema,
  async handle(deps, sn, result) {
    await applyCommandResult(deps.db, deps.clock, sn, result);
  },
});
