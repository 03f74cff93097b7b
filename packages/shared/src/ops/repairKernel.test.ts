import { describe, expect, it } from 'vitest';
import {
  REPAIR_ACTIONS,
  REPAIR_STATES,
  repairActions,
  repairStep,
  type RepairAction,
  type RepairActor,
  type RepairState,
} from './repairKernel';

// Every transition of docs/requirements/operations.md §2.2 for every kind of actor (§2.3, §2.8).
const REQUESTER = 1;
const REPAIRER = 2;
const actor = (accountId: number, ...auths: string[]): RepairActor => ({ accountId, auths: new Set(auths) });

const ACTORS = {
  manager: actor(9, 'ops_manage'),
  requester: actor(REQUESTER),
  repairer: actor(REPAIRER, 'workorder_accept'),
  repairerWithoutKey: actor(REPAIRER),
  otherAccepter: actor(7, 'workorder_accept'),
  ender: actor(8, 'workorder_end'),
  nobody: actor(6, 'monitor_multi_designer_repair'),
} as const;
type ActorName = keyof typeof ACTORS;

/** Expected answer per action and actor: the target state when allowed, or why not. */
type Expect = Record<RepairAction, Partial<Record<ActorName, RepairState>>>;
const TO: Expect = {
  dispatch: { manager: 'dispatched', requester: 'dispatched' },
  accept: { repairer: 'received' },
  finish: { repairer: 'finished' },
  end: { ender: 'ended' },
};
const FROM: Record<RepairAction, RepairState[]> = {
  dispatch: ['pending', 'dispatched'],
  accept: ['dispatched'],
  finish: ['received'],
  end: ['pending', 'dispatched', 'received'],
};
const refusalByKey = (action: RepairAction, name: ActorName) =>
  (action === 'accept' || action === 'finish') && name === 'otherAccepter' ? 'notRepairer' : 'permission';

const cases = REPAIR_STATES.flatMap((state) =>
  REPAIR_ACTIONS.flatMap((action) =>
    (Object.keys(ACTORS) as ActorName[]).map((name) => {
      const target = TO[action][name];
      const expected = !target
        ? { ok: false, why: refusalByKey(action, name) }
        : FROM[action].includes(state)
          ? { ok: true, to: target }
          : { ok: false, why: 'state' };
      return { state, action, name, expected };
    }),
  ),
);

describe('repair kernel', () => {
  it.each(cases)('$action on a $state order by $name → $expected', ({ state, action, name, expected }) => {
    const order = { state, requesterId: REQUESTER, repairerId: REPAIRER };
    expect(repairStep(order, action, ACTORS[name])).toEqual(expected);
  });

  it('covers all 5 states × 4 actions × 7 actors', () => {
    expect(cases).toHaveLength(140);
    expect(cases.filter((c) => c.expected.ok)).toHaveLength(9);
  });

  it('refuses accepting an order that has no repairer yet', () => {
    const order = { state: 'dispatched' as const, requesterId: REQUESTER, repairerId: null };
    expect(repairStep(order, 'accept', ACTORS.repairer)).toEqual({ ok: false, why: 'notRepairer' });
  });

  it('lists the actions a repairer holding both keys may take on a received order', () => {
    const order = { state: 'received' as const, requesterId: REQUESTER, repairerId: REPAIRER };
    expect(repairActions(order, actor(REPAIRER, 'workorder_accept', 'workorder_end'))).toEqual([
      'finish',
      'end',
    ]);
    expect(repairActions({ ...order, state: 'finished' }, ACTORS.manager)).toEqual([]);
  });
});
