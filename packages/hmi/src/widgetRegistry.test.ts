import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultWidget } from './defaults';
import { emptyPage } from './document';
import { parsePage } from './parsePage';
import { migrateProps, repairProps, type WidgetProps } from './widgetProps';
import { WIDGET_DESCRIPTORS, descriptorOf } from './widgetRegistry';
import { WIDGET_TYPES, type WidgetType } from './widgetTypes';

type Json = Record<string, unknown>;

/** Stored props of a type: its defaults with some fields replaced by any JSON, or no object at all. */
const arbStoredProps = (type: WidgetType): fc.Arbitrary<{ data: unknown; style: unknown }> => {
  const base = WIDGET_DESCRIPTORS[type].defaults();
  const mixed = (defaults: Json) =>
    fc
      .dictionary(fc.constantFrom(...Object.keys(defaults), 'type', 'extra'), fc.jsonValue(), { maxKeys: 4 })
      .map((changed) => ({ ...defaults, ...changed }));
  const side = (defaults: Json) => fc.oneof({ weight: 5, arbitrary: mixed(defaults) }, fc.jsonValue());
  return fc.record({ data: side(base.data), style: side(base.style) });
};

const pageWith = (widgets: unknown[]) => ({ ...emptyPage(), widgets });

describe('widget descriptors (docs/requirements/widgets.md §9)', () => {
  it('describes every widget type once, under its own name', () => {
    expect(Object.keys(WIDGET_DESCRIPTORS).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const type of WIDGET_TYPES) expect(WIDGET_DESCRIPTORS[type].type).toBe(type);
    expect(descriptorOf('WidgetSelected')).toBeUndefined();
  });

  it('gives every type defaults that pass its own schema and that its upgrades leave alone', () => {
    for (const type of WIDGET_TYPES) {
      const d = WIDGET_DESCRIPTORS[type];
      expect(d.schema.safeParse(d.defaults()).success, type).toBe(true);
      expect(migrateProps(d, d.defaults()), type).toEqual(d.defaults());
      expect(repairProps(d, d.defaults()).changes, type).toEqual([]);
    }
  });

  it('repairs any stored props of any type to props its schema accepts, keeping the valid fields', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WIDGET_TYPES).chain((type) => fc.tuple(fc.constant(type), arbStoredProps(type))),
        ([type, stored]) => {
          const d = WIDGET_DESCRIPTORS[type];
          const { props, changes } = repairProps(d, stored);
          expect(d.schema.safeParse(props).success).toBe(true);
          if (d.schema.safeParse(stored).success) {
            expect(changes).toEqual([]);
            expect(props).toBe(stored);
          } else expect(changes.length).toBeGreaterThan(0);
          for (const c of changes) expect(c.action).toBe('defaulted');
          // every field no change names is kept as stored
          for (const side of ['data', 'style'] as const) {
            const before = stored[side];
            if (typeof before !== 'object' || before === null || Array.isArray(before)) continue;
            for (const [key, value] of Object.entries(before)) {
              const path = `${side}.${key}`;
              if (changes.some((c) => c.path === side || c.path === path || c.path.startsWith(`${path}.`)))
                continue;
              expect(props[side][key]).toEqual(value);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('upgrades props once: migrating twice equals migrating once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WIDGET_TYPES).chain((type) => fc.tuple(fc.constant(type), arbStoredProps(type))),
        ([type, stored]) => {
          const d = WIDGET_DESCRIPTORS[type];
          const { props } = repairProps(d, stored);
          const once = migrateProps(d, props);
          expect(migrateProps(d, once)).toEqual(once);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('opens a page whose widget props are of the wrong kind, with them reset to defaults and reported', () => {
    const gauge = defaultWidget('UsualDashboard', { id: 'g1' });
    const stored = {
      ...gauge,
      data: { ...gauge.data, maxVal: { broken: true }, unit: 'kPa' },
      style: { ...gauge.style, opacity: 'half' },
    };
    const parsed = parsePage(JSON.parse(JSON.stringify(pageWith([stored]))));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const w = parsed.page.widgets[0]!;
    expect(w.data).toMatchObject({ maxVal: 100, unit: 'kPa' });
    expect(w.style.opacity).toBe(1);
    expect(parsed.repairs).toEqual([
      {
        widgetId: 'g1',
        changes: [
          { path: 'data.maxVal', action: 'defaulted', before: '{"broken":true}' },
          { path: 'style.opacity', action: 'defaulted', before: '"half"' },
        ],
      },
    ]);
  });

  it('reports no repair and keeps every field of a valid page, unknown fields included', () => {
    const text = defaultWidget('UsualText', { id: 't1' });
    const stored = { ...text, data: { ...text.data, fromAnotherEditor: [1, 2] } };
    const parsed = parsePage(pageWith([stored]));
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.repairs).toEqual([]);
    expect(parsed.page.widgets[0]!.data).toMatchObject({ fromAnotherEditor: [1, 2] });
  });

  it("moves the seed's map, history and iframe kind out of the binding type when a page is opened", () => {
    const stored = (type: WidgetType, kind: string) => {
      const w = defaultWidget(type, { id: type });
      const data: Json = { ...w.data, type: kind };
      for (const f of ['mapType', 'reportType', 'iframeType']) delete data[f];
      return { ...w, data };
    };
    const parsed = parsePage(
      pageWith([
        stored('ComplexMap', 'area'),
        stored('ComplexHistory', 'alarm'),
        stored('NavigateIframe', 'link'),
      ]),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const data = parsed.page.widgets.map((w) => w.data as Json);
    expect(data.map((d) => d['type'])).toEqual(['signal', 'signal', 'signal']);
    expect([data[0]!['mapType'], data[1]!['reportType'], data[2]!['iframeType']]).toEqual([
      'area',
      'alarm',
      'link',
    ]);
  });

  it('gives a new widget of every type its descriptor defaults', () => {
    for (const type of WIDGET_TYPES) {
      const w = defaultWidget(type, { id: 'n' });
      const props: WidgetProps = { data: w.data, style: w.style };
      expect(props.style, type).toEqual(WIDGET_DESCRIPTORS[type].defaults().style);
      expect(props.data, type).toMatchObject(WIDGET_DESCRIPTORS[type].defaults().data);
    }
  });
});
