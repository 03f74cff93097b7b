import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, type Command } from './commands';
import type { PageDocument } from './document';
import { emptyHistory, execute, redo, undo, type History } from './history';
import { findGroup } from './pageIndex';
import { group, pageOf, rect } from './testkit';

const IDS = ['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'g0', 'n0', 'n1', 'nobody'];

const arbPage: fc.Arbitrary<PageDocument> = fc
  .record({
    widgets: fc.array(
      fc.record({
        x: fc.integer({ min: -50, max: 1000 }),
        y: fc.integer({ min: -50, max: 700 }),
        w: fc.integer({ min: 2, max: 300 }),
        h: fc.integer({ min: 2, max: 300 }),
        rotate: fc.constantFrom(0, 90, 45, 30),
        locked: fc.boolean(),
      }),
      { minLength: 2, maxLength: 6 },
    ),
    grouped: fc.boolean(),
    groupLocked: fc.boolean(),
  })
  .map(({ widgets, grouped, groupLocked }) => {
    const ws = widgets.map((s, i) =>
      rect(`w${i}`, s.x, s.y, s.w, s.h, {
        posLock: s.locked,
        data: {
          ...rect('d', 0, 0).data,
          signalId: i % 2 ? 's1' : 's2',
          equipId: 'e1',
          title: 'T',
          subTitle: 'E1',
        },
        position: { x: s.x, y: s.y, width: s.w, height: s.h, rotate: s.rotate },
      }),
    );
    return pageOf(ws, grouped ? [group('g0', ['w0', 'w1'], groupLocked)] : []);
  });

const arbIds = fc.subarray(IDS, { minLength: 1, maxLength: 5 });
const arbNum = fc.integer({ min: -100, max: 100 });

const arbGeometry: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('move' as const), ids: arbIds, dx: arbNum, dy: arbNum }),
  fc.record({
    type: fc.constant('resize' as const),
    id: fc.constantFrom(...IDS),
    rect: fc.record({
      x: arbNum,
      y: arbNum,
      width: fc.integer({ min: 0, max: 400 }),
      height: fc.integer({ min: 0, max: 400 }),
    }),
  }),
  fc.record({
    type: fc.constant('rotate' as const),
    ids: arbIds,
    angle: fc.constantFrom(90, -90, 33, 180),
    mode: fc.constantFrom('by' as const, 'to' as const),
  }),
  fc.record({
    type: fc.constant('align' as const),
    ids: arbIds,
    edge: fc.constantFrom(
      'left' as const,
      'center' as const,
      'right' as const,
      'top' as const,
      'middle' as const,
      'bottom' as const,
    ),
  }),
  fc.record({
    type: fc.constant('distribute' as const),
    ids: arbIds,
    axis: fc.constantFrom('horizontal' as const, 'vertical' as const),
  }),
);

const arbCommand: fc.Arbitrary<Command> = fc.oneof(
  arbGeometry,
  fc.record({ type: fc.constant('delete' as const), ids: arbIds }),
  fc.constantFrom('n0', 'n1').map((id): Command => ({ type: 'add', widgets: [rect(id, 5, 5)] })),
  fc.constantFrom('paste' as const, 'import' as const).map((type): Command => ({
    type,
    widgets: [rect('p0', 50, 50, 10, 10, { groupId: 'pg' }), rect('p1', 70, 50, 10, 10, { groupId: 'pg' })],
    groups: [group('pg', ['p0', 'p1'])],
  })),
  fc.record({
    type: fc.constant('rebind' as const),
    ids: arbIds,
    target: fc.constant({
      fromEquipId: 'e1',
      toEquipId: 'e2',
      toEquipTitle: 'E2',
      signals: { s1: { signalId: 't1', title: 'T1' } },
    }),
  }),
  fc.record({ type: fc.constant('group' as const), ids: arbIds, groupId: fc.constantFrom('g1', 'g2') }),
  fc.record({ type: fc.constant('ungroup' as const), ids: arbIds }),
  fc.record({ type: fc.constant('lock' as const), ids: arbIds, locked: fc.boolean() }),
  fc.record({
    type: fc.constant('zorder' as const),
    ids: arbIds,
    op: fc.constantFrom('front' as const, 'back' as const, 'up' as const, 'down' as const),
  }),
  fc.record({
    type: fc.constant('layerMove' as const),
    id: fc.constantFrom(...IDS),
    target: fc.constantFrom(...IDS),
    place: fc.constantFrom('above' as const, 'below' as const),
  }),
  fc.record({
    type: fc.constant('setProperty' as const),
    ids: arbIds,
    patch: fc.record({ widgetName: fc.string({ maxLength: 5 }), hidden: fc.boolean() }),
  }),
  fc.record({
    type: fc.constant('pageOptions' as const),
    patch: fc.record({
      width: fc.integer({ min: 100, max: 4000 }),
      bgColor: fc.constantFrom('#FFFFFF', '#000000'),
    }),
  }),
);

function run(doc: PageDocument, cmds: Command[]) {
  let history: History = emptyHistory;
  for (const c of cmds) ({ doc, history } = execute(doc, history, c));
  return { doc, history };
}

describe('command properties', () => {
  it('any sequence of commands followed by as many undos gives back the original document', () => {
    fc.assert(
      fc.property(arbPage, fc.array(arbCommand, { maxLength: 25 }), (page, cmds) => {
        let { doc, history } = run(page, cmds);
        const n = history.past.length;
        for (let i = 0; i < n; i++) ({ doc, history } = undo(doc, history));
        expect(doc).toEqual(page);
      }),
      { numRuns: 300 },
    );
  });

  it('redo after undo gives back the same document', () => {
    fc.assert(
      fc.property(arbPage, fc.array(arbCommand, { maxLength: 25 }), fc.nat(), (page, cmds, k) => {
        const end = run(page, cmds);
        let { doc, history } = end;
        const steps = history.past.length === 0 ? 0 : k % (history.past.length + 1);
        for (let i = 0; i < steps; i++) ({ doc, history } = undo(doc, history));
        for (let i = 0; i < steps; i++) ({ doc, history } = redo(doc, history));
        expect(doc).toEqual(end.doc);
      }),
      { numRuns: 300 },
    );
  });

  it('locked widgets never change under geometry commands', () => {
    fc.assert(
      fc.property(arbPage, arbGeometry, (page, cmd) => {
        const after = apply(page, cmd).doc;
        page.widgets.forEach((w, i) => {
          const inLockedGroup = w.groupId !== null && findGroup(page, w.groupId)?.posLock === true;
          if (w.posLock || inLockedGroup) expect(after.widgets[i]).toBe(w);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('a geometry command replaces only the widgets it changes', () => {
    fc.assert(
      fc.property(arbPage, arbGeometry, (page, cmd) => {
        const r = apply(page, cmd);
        const changedIds =
          r.inverse.type === 'updateWidgets'
            ? new Set(r.inverse.widgets.map((w) => w.id))
            : new Set<string>();
        r.doc.widgets.forEach((w, i) => {
          if (!changedIds.has(w.id)) expect(w).toBe(page.widgets[i]);
        });
      }),
      { numRuns: 300 },
    );
  });
});
