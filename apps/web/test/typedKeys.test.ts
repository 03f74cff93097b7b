/**
 * What the typecheck holds translation keys to (src/app/useT.ts). The checks are the compiler's:
 * each `@ts-expect-error` line must fail to compile and every other line must compile, so a
 * looser key type fails `node scripts/typecheck.mjs` on this file. Nothing here loads i18next.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { OperationAction, OperationObjectType } from '@fieldhub/shared';
import type { KeyIn, KeyOf, Translate, textUnder } from '../src/app/useT';
import type { MenuItem } from '../src/app/menus';
import type { RouteDef } from '../src/app/routeTable';

describe('typed translation keys', () => {
  it('a t takes its namespace’s keys bare and any namespace’s keys qualified, nothing else', () => {
    expectTypeOf<'time'>().toExtend<KeyOf<'oplog'>>();
    expectTypeOf<'common:saved'>().toExtend<KeyOf<'oplog'>>();
    expectTypeOf<'menu:monitor'>().toExtend<KeyOf<'oplog'>>();
    // a key of another namespace resolves only with its name
    expectTypeOf<'saved'>().not.toExtend<KeyOf<'oplog'>>();
    expectTypeOf<'tiem'>().not.toExtend<KeyOf<'oplog'>>();
    expectTypeOf<'oplog:tiem'>().not.toExtend<KeyOf<'oplog'>>();
    // nested keys are dotted paths to a text, not to a group of texts
    expectTypeOf<'action.login'>().toExtend<KeyIn<'oplog'>>();
    expectTypeOf<'action'>().not.toExtend<KeyIn<'oplog'>>();
  });

  it('a helper typed for qualified keys takes every t; one typed for a namespace only that namespace’s', () => {
    expectTypeOf<Translate<'monitor'>>().toExtend<Translate>();
    expectTypeOf<Translate<'monitor'>>().not.toExtend<Translate<'common'>>();
  });

  it('keys built from a union are checked member by member', () => {
    expectTypeOf<`status.${'online' | 'offline'}`>().toExtend<KeyIn<'gateways'>>();
    expectTypeOf<`status.${'online' | 'asleep'}`>().not.toExtend<KeyIn<'gateways'>>();
    expectTypeOf<`status.${string}`>().not.toExtend<KeyIn<'gateways'>>();
  });

  it('every operation log action and object kind names a key', () => {
    expectTypeOf<`action.${OperationAction}`>().toExtend<KeyIn<'oplog'>>();
    expectTypeOf<`object-type.${OperationObjectType}`>().toExtend<KeyIn<'oplog'>>();
  });

  it('menu entries and routes name keys of their namespaces', () => {
    expectTypeOf<'monitor'>().toExtend<MenuItem['key']>();
    expectTypeOf<'no-such-menu'>().not.toExtend<MenuItem['key']>();
    expectTypeOf<'login.jsp'>().toExtend<RouteDef['id']>();
    expectTypeOf<'no-such-route'>().not.toExtend<RouteDef['id']>();
  });

  it('an open value is looked up under a prefix that some key starts with', () => {
    // compiled, never run: textUnder reads the loaded resources
    const typeOnly = (lookUp: typeof textUnder, t: Translate) => [
      lookUp(t, 'oplog:action.', 'login'),
      // @ts-expect-error no key starts with this prefix
      lookUp(t, 'oplog:acton.', 'login'),
      // @ts-expect-error the prefix names its namespace
      lookUp(t, 'action.', 'login'),
    ];
    expectTypeOf(typeOnly).returns.toEqualTypeOf<string[]>();
  });
});
