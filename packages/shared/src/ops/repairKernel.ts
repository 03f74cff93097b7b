import type { PermissionKey } from '../auth/permissions';

/**
 * The repair work order's state machine as a pure function (docs/requirements/operations.md §2.2,
 * §2.3, §2.8): pending → dispatched → received → finished, ended early with a reason from any
 * open state. The server asks it before every change; the web asks it which buttons to show.
 */

export const REPAIR_STATES = ['pending', 'dispatched', 'received', 'finished', 'ended'] as const;
export type RepairState = (typeof REPAIR_STATES)[number];

export const REPAIR_ACTIONS = ['dispatch', 'accept', 'finish', 'end'] as const;
export type RepairAction = (typeof REPAIR_ACTIONS)[number];

/** States an order can still be worked in (ended early from any of them). */
export const OPEN_REPAIR_STATES: readonly RepairState[] = ['pending', 'dispatched', 'received'];

/** What the kernel needs to know about the order. */
export interface RepairFacts {
  state: RepairState;
  requesterId: number | null;
  repairerId: number | null;
}

/** Who asks: the account and the permission keys it holds. */
export interface RepairActor {
  accountId: number;
  auths: ReadonlySet<PermissionKey | string>;
}

/** Why a step is refused: not from this state, missing key, or not the order's repairer. */
export type RepairRefusal = 'state' | 'permission' | 'notRepairer';

export type RepairStep = { ok: true; to: RepairState } | { ok: false; why: RepairRefusal };

const FROM: Record<RepairAction, readonly RepairState[]> = {
  // a dispatched order may be dispatched again to another repairer until it is accepted
  dispatch: ['pending', 'dispatched'],
  accept: ['dispatched'],
  finish: ['received'],
  end: OPEN_REPAIR_STATES,
};

const TO: Record<RepairAction, RepairState> = {
  dispatch: 'dispatched',
  accept: 'received',
  finish: 'finished',
  end: 'ended',
};

/** Whether the actor may manage orders (create any, dispatch any): ops_manage. */
export const managesRepairs = (actor: RepairActor): boolean => actor.auths.has('ops_manage');

/** Whether the actor may see repair orders at all (§2.3: otherwise "no permission to view"). */
export const viewsRepairs = (actor: RepairActor): boolean =>
  actor.auths.has('ops_manage') || actor.auths.has('monitor_multi_designer_repair');

function allowedBy(order: RepairFacts, action: RepairAction, actor: RepairActor): RepairRefusal | null {
  switch (action) {
    case 'dispatch':
      return managesRepairs(actor) || order.requesterId === actor.accountId ? null : 'permission';
    case 'accept':
    case 'finish':
      if (!actor.auths.has('workorder_accept')) return 'permission';
      return order.repairerId === actor.accountId ? null : 'notRepairer';
    case 'end':
      return actor.auths.has('workorder_end') ? null : 'permission';
  }
}

/** The state after `action`, or why it is refused (the permission is checked before the state). */
export function repairStep(order: RepairFacts, action: RepairAction, actor: RepairActor): RepairStep {
  const refused = allowedBy(order, action, actor);
  if (refused) return { ok: false, why: refused };
  if (!FROM[action].includes(order.state)) return { ok: false, why: 'state' };
  return { ok: true, to: TO[action] };
}

/** The actions the actor may take on the order now (the buttons the screens show). */
export function repairActions(order: RepairFacts, actor: RepairActor): RepairAction[] {
  return REPAIR_ACTIONS.filter((a) => repairStep(order, a, actor).ok);
}
