import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WIDGET_DESCRIPTORS, WIDGET_TYPES, type WidgetType } from '@fieldhub/hmi';
import type { WIDGET_BODIES as Bodies } from '../../../app/widgets/widgetBodies';
import type { WIDGET_FIELDS as Fields } from './widgetFields';

// The panels load the app's i18n, which reads the browser's storage when loaded: a stand-in here.
let WIDGET_BODIES: typeof Bodies;
let WIDGET_FIELDS: typeof Fields;
let bodyOf: (type: string) => unknown;
beforeAll(async () => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  vi.stubGlobal('document', { cookie: '', documentElement: {} });
  vi.stubGlobal('navigator', { language: 'en-US' });
  ({ WIDGET_BODIES, bodyOf } = await import('../../../app/widgets/widgetBodies'));
  ({ WIDGET_FIELDS } = await import('./widgetFields'));
});
afterAll(() => vi.unstubAllGlobals());

// Type-level: a widget type missing from either table (or the hmi registry) fails the typecheck.
type Missing = Exclude<WidgetType, keyof typeof Bodies & keyof typeof Fields>;
const everyTypeListed: [Missing] extends [never] ? true : false = true;

describe('widget types in the web app (docs/requirements/widgets.md §9)', () => {
  it('has a body and property fields for every widget type hmi describes, and no others', () => {
    expect(everyTypeListed).toBe(true);
    const types = [...WIDGET_TYPES].sort();
    expect(Object.keys(WIDGET_DESCRIPTORS).sort()).toEqual(types);
    expect(Object.keys(WIDGET_BODIES).sort()).toEqual(types);
    expect(Object.keys(WIDGET_FIELDS).sort()).toEqual(types);
    for (const type of WIDGET_TYPES) {
      expect(typeof WIDGET_FIELDS[type].Fields, type).toBe('function');
      expect(bodyOf(type), type).toBeDefined();
    }
  });

  it('draws a type this version does not know as a foreign widget (no body)', () => {
    expect(bodyOf('ShapeHexagon')).toBeUndefined();
    expect(bodyOf('constructor')).toBeUndefined();
  });

  it('gives the charts, tables, media, navigation, script and 3D widgets the sources data tab', () => {
    const sources = WIDGET_TYPES.filter((t) => WIDGET_FIELDS[t].data === 'sources');
    expect(sources).toEqual(WIDGET_TYPES.filter((t) => !/^(Shape|Usual)/.test(t) || t === 'UsualWebgl'));
  });
});
