/**
 * Designer command cost on a large page: moving 200 of 2,000 widgets per pointer frame through
 * `execute` (apply, inverse, history), against two baselines measured in the same run: the floor
 * (copy the widgets array and replace 200 widget objects by hand) and a full deep clone of the
 * document per frame (what structural sharing avoids). Also: undo, parsePage and binding repair
 * of the same page.
 */
import {
  type PageDocument,
  defaultWidget,
  emptyHistory,
  emptyPage,
  execute,
  parsePage,
  repairBindings,
  undo,
  type History,
} from '../packages/hmi/src/index';

const FRAMES = Number(process.env.BENCH_ROUNDS ?? 2000);

function bigPage(): PageDocument {
  const widgets = Array.from({ length: 2000 }, (_, i) => {
    const w = defaultWidget(i % 2 ? 'UsualDataText' : 'ShapeRect', {
      id: `w${i}`,
      x: (i % 50) * 20,
      y: Math.floor(i / 50) * 20,
    });
    return {
      ...w,
      data: { ...w.data, signalId: `s${i % 300}`, equipId: `e${i % 30}`, title: 'T', subTitle: 'E' },
    };
  });
  return { ...emptyPage(), widgets };
}

function perFrame(label: string, fn: (frame: number) => void): number {
  for (let i = 0; i < 50; i++) fn(i); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < FRAMES; i++) fn(i);
  const ms = Number(process.hrtime.bigint() - start) / 1e6 / FRAMES;
  console.log(`${label.padEnd(52)} ${ms.toFixed(4).padStart(9)} ms/frame`);
  return ms;
}

const page = bigPage();
const ids = Array.from({ length: 200 }, (_, i) => `w${i * 10}`);

let floorDoc = page;
const floor = perFrame('floor: array copy + 200 replaced widgets', (f) => {
  const widgets = floorDoc.widgets.slice();
  for (let i = 0; i < 200; i++) {
    const w = widgets[i * 10]!;
    widgets[i * 10] = { ...w, position: { ...w.position, x: w.position.x + (f % 2 ? 1 : -1) } };
  }
  floorDoc = { ...floorDoc, widgets };
});

let cloneDoc = page;
const clone = perFrame('deep clone of the document per frame', (f) => {
  const next = JSON.parse(JSON.stringify(cloneDoc)) as PageDocument;
  for (let i = 0; i < 200; i++) next.widgets[i * 10]!.position.x += f % 2 ? 1 : -1;
  cloneDoc = next;
});

let doc = page;
let history: History = emptyHistory;
const move = perFrame('execute move 200 of 2,000 (apply + inverse + history)', (f) => {
  ({ doc, history } = execute(doc, history, { type: 'move', ids, dx: f % 2 ? 1 : -1, dy: 0 }));
});

function timed<T>(runs: number, fn: () => T): { ms: number; last: T } {
  let last = fn(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) last = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6 / runs, last };
}

// Each undo reverts one recorded 200-widget move (history holds the last 50).
const undoMs = timed(40, () => {
  ({ doc, history } = undo(doc, history));
}).ms;

const json = JSON.stringify(page);
const parse = timed(5, () => parsePage(json));
if (!parse.last.ok) throw new Error('bench page does not parse');
const parseMs = parse.ms;

const signals = Array.from({ length: 250 }, (_, i) => ({
  signalId: `s${i}`,
  equipId: `e${i % 30}`,
  title: 'T',
  equipTitle: 'E',
}));
const repair = timed(5, () => repairBindings(page, { signals, equipments: [], titles: [] }));
const repaired = repair.last;
const repairMs = repair.ms;

console.log(
  `undo of a 200-widget move: ${undoMs.toFixed(4)} ms; parsePage 2,000 widgets (${(json.length / 1e6).toFixed(1)} MB): ${parseMs.toFixed(1)} ms; repair 2,000 widgets (${repaired.report.length} changed): ${repairMs.toFixed(1)} ms`,
);
console.log(`move/floor = ${(move / floor).toFixed(2)}; move/deep-clone = ${(move / clone).toFixed(3)}`);
