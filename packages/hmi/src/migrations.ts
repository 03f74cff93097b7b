/**
 * Numbered document migrations: migration n turns a version-n document into version n+1, so a
 * saved page of any older version reaches `CURRENT_VERSION` step by step. Landed migrations are
 * never edited; a change of the document adds the next one.
 *
 * Version 0 is the legacy shape of pages saved in older forms (docs/requirements/pages-and-designer.md §2.6;
 * no `version`): page options at the top level, groups nested in `widgets` as WidgetGroup entries with
 * `children`, authRegion as a comma list, numbers possibly as text, animations possibly an object keyed by
 * animation type, no textId.
 */
import { CURRENT_VERSION } from './document';
import { migrateWidgetProps } from './widgetRegistry';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const OPTION_KEYS = [
  'id',
  'title',
  'width',
  'height',
  'fit',
  'bgColor',
  'bgImage',
  'checkpwd',
  'password',
  'projectId',
  'equipmentId',
  'templateId',
] as const;

/** Legacy authRegion: a comma list of titles (or already a list). */
function authRegionList(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((s): s is string => typeof s === 'string' && s !== '');
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  return [];
}

/** Legacy animations keyed by type ({twinkle: {...}}) become the list form. */
function animationList(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (!isObj(v)) return [];
  return Object.entries(v)
    .filter(([, a]) => isObj(a))
    .map(([type, a]) => ({ ...(a as Json), type }));
}

function legacyBool(v: unknown): boolean {
  return v === true || v === 1 || v === '1' || v === 'true';
}

function migrateWidget(w: Json, groupId: string | null): Json {
  const id = String(w['id'] ?? '');
  const out: Json = {
    ...w,
    id,
    textId: typeof w['textId'] === 'string' && w['textId'] !== '' ? w['textId'] : id,
    posLock: legacyBool(w['posLock']),
    groupId,
    authRegion: authRegionList(w['authRegion']),
    animation: animationList(w['animation']),
  };
  delete out['children'];
  delete out['origin'];
  return out;
}

/** Version 0 (legacy, nested groups) → 1 (options object, flat widgets, groups list). */
function v0ToV1(doc: Json): Json {
  const options: Json = isObj(doc['options']) ? { ...doc['options'] } : {};
  for (const k of OPTION_KEYS) if (k in doc && !(k in options)) options[k] = doc[k];
  if ('checkpwd' in options) options['checkpwd'] = legacyBool(options['checkpwd']);
  const widgets: Json[] = [];
  const groups: Json[] = [];
  // Groups become one level: members of nested groups join the outermost group.
  const visit = (list: unknown, groupId: string | null, into: string[] | null) => {
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isObj(item) || item['widgetType'] === 'WidgetSelected') continue;
      if (item['widgetType'] === 'WidgetGroup') {
        if (groupId === null) {
          const g = {
            id: String(item['id'] ?? ''),
            widgetType: 'WidgetGroup',
            widgetName: typeof item['widgetName'] === 'string' ? item['widgetName'] : '',
            posLock: legacyBool(item['posLock']),
            children: [] as string[],
          };
          groups.push(g);
          visit(item['children'], g.id, g.children);
        } else visit(item['children'], groupId, into);
        continue;
      }
      const w = migrateWidget(item, groupId);
      widgets.push(w);
      into?.push(w['id'] as string);
    }
  };
  visit(doc['widgets'], null, null);
  return {
    version: 1,
    options,
    con: isObj(doc['con']) ? doc['con'] : {},
    widgets,
    groups,
    bind: isObj(doc['bind']) ? doc['bind'] : {},
  };
}

/** migrations[n] turns version n into version n + 1. */
const migrations: readonly ((doc: Json) => Json)[] = [v0ToV1];

/** The version a raw document declares (0 when it has none: the legacy shape). */
export function documentVersion(doc: Json): number {
  const v = doc['version'];
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

/** The outcome of migrating a raw document. */
export type MigrateResult =
  | { ok: true; doc: Json; fromVersion: number }
  | { ok: false; reason: 'notAnObject' | 'newerVersion'; fromVersion: number };

/**
 * Brings a raw document of any older version to the current version, then upgrades each widget's
 * props by its type's descriptor (widgetRegistry.ts). Not yet validated.
 */
export function migrate(raw: unknown): MigrateResult {
  if (!isObj(raw)) return { ok: false, reason: 'notAnObject', fromVersion: -1 };
  const fromVersion = documentVersion(raw);
  if (fromVersion > CURRENT_VERSION) return { ok: false, reason: 'newerVersion', fromVersion };
  let doc = raw;
  for (let v = fromVersion; v < CURRENT_VERSION; v++) {
    const step = migrations[v];
    if (!step) throw new Error(`missing document migration ${v} → ${v + 1}`);
    doc = step(doc);
  }
  // Then each widget's own props upgrades (descriptors; idempotent, no per-type version stored).
  if (Array.isArray(doc['widgets'])) doc = { ...doc, widgets: doc['widgets'].map(migrateWidgetProps) };
  return { ok: true, doc, fromVersion };
}

/** The number of migrations known; equals CURRENT_VERSION (checked by a test). */
export const MIGRATION_COUNT = migrations.length;
