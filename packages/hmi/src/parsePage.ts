/**
 * `parsePage(json)`: migrate a saved page to the current version, repair widget props of the wrong
 * kind to their type's defaults, validate it with the schema, then check what a schema cannot
 * (unique ids, consistent groups, the page limits). Issues carry a code, a path and a message in both languages, so the server can answer the caller's language.
 */
import { GROUP_MIN_MEMBERS, WEATHER_MAX, WEBGL_MAX, WIDGET_MAX } from './constants';
import { type PageDocument, pageDocumentSchema } from './document';
import { migrate } from './migrations';
import type { WidgetRepair } from './repair';
import { repairWidgetProps } from './widgetRegistry';

/** What can be wrong with a saved page. */
export type PageIssueCode =
  | 'invalidJson'
  | 'notAnObject'
  | 'newerVersion'
  | 'invalidField'
  | 'duplicateId'
  | 'groupMemberMissing'
  | 'groupMembership'
  | 'groupTooSmall'
  | 'widgetMax'
  | 'weatherMax'
  | 'webglMax';

/** One problem of a page: code, where (dotted path), and the message in zh-CN and en-US. */
export interface PageIssue {
  code: PageIssueCode;
  path: string;
  zh: string;
  en: string;
}

/**
 * The outcome of parsing a saved page. `repairs` lists the widget props of the wrong kind that were
 * replaced with their type's defaults (widgetRegistry.ts), in the form of binding repair's report.
 */
export type ParsePageResult =
  | { ok: true; page: PageDocument; fromVersion: number; repairs: WidgetRepair[] }
  | { ok: false; issues: PageIssue[] };

function issue(code: PageIssueCode, path: string, zh: string, en: string): PageIssue {
  return { code, path, zh, en };
}

/** Checks beyond the schema. */
export function pageIssues(page: PageDocument): PageIssue[] {
  const issues: PageIssue[] = [];
  const ids = new Set<string>();
  page.widgets.forEach((w, i) => {
    if (ids.has(w.id)) {
      issues.push(
        issue('duplicateId', `widgets.${i}.id`, `组件ID重复：${w.id}`, `Duplicate widget id: ${w.id}`),
      );
    }
    ids.add(w.id);
  });
  const byId = new Map(page.widgets.map((w) => [w.id, w]));
  const inGroup = new Map<string, string>();
  page.groups.forEach((g, i) => {
    if (ids.has(g.id) || page.groups.findIndex((o) => o.id === g.id) !== i) {
      issues.push(
        issue('duplicateId', `groups.${i}.id`, `组合ID重复：${g.id}`, `Duplicate group id: ${g.id}`),
      );
    }
    if (g.children.length < GROUP_MIN_MEMBERS) {
      issues.push(
        issue(
          'groupTooSmall',
          `groups.${i}.children`,
          '组合至少包含2个组件',
          'A group holds at least 2 widgets',
        ),
      );
    }
    g.children.forEach((c, j) => {
      const w = byId.get(c);
      if (!w) {
        issues.push(
          issue(
            'groupMemberMissing',
            `groups.${i}.children.${j}`,
            `组合成员不存在：${c}`,
            `Group member not found: ${c}`,
          ),
        );
      } else if (w.groupId !== g.id || inGroup.has(c)) {
        issues.push(
          issue(
            'groupMembership',
            `groups.${i}.children.${j}`,
            `组件 ${c} 的组合关系不一致`,
            `Widget ${c} does not belong to this group consistently`,
          ),
        );
      }
      inGroup.set(c, g.id);
    });
  });
  page.widgets.forEach((w, i) => {
    if (w.groupId !== null && inGroup.get(w.id) !== w.groupId) {
      issues.push(
        issue(
          'groupMembership',
          `widgets.${i}.groupId`,
          `组件 ${w.id} 的组合不存在`,
          `Widget ${w.id} names a group it is not in`,
        ),
      );
    }
  });
  const count = (t: string) => page.widgets.filter((w) => w.widgetType === t).length;
  if (page.widgets.length > WIDGET_MAX) {
    issues.push(
      issue(
        'widgetMax',
        'widgets',
        `组件数量不能超过${WIDGET_MAX}个`,
        `A page holds at most ${WIDGET_MAX} widgets`,
      ),
    );
  }
  if (count('ComplexWeather') > WEATHER_MAX) {
    issues.push(
      issue(
        'weatherMax',
        'widgets',
        `天气组件不能超过${WEATHER_MAX}个`,
        `A page holds at most ${WEATHER_MAX} weather widgets`,
      ),
    );
  }
  if (count('UsualWebgl') > WEBGL_MAX) {
    issues.push(
      issue(
        'webglMax',
        'widgets',
        `3D场景组件最多${WEBGL_MAX}个`,
        `A page holds at most ${WEBGL_MAX} 3D scene widget`,
      ),
    );
  }
  return issues;
}

/** JSON text parsed (any other value as it is), or the `invalidJson` issue. */
export function readJsonInput(
  input: unknown,
): { ok: true; value: unknown } | { ok: false; issue: PageIssue } {
  if (typeof input !== 'string') return { ok: true, value: input };
  try {
    return { ok: true, value: JSON.parse(input) };
  } catch {
    return {
      ok: false,
      issue: issue('invalidJson', '', '页面内容不是有效的JSON', 'The page content is not valid JSON'),
    };
  }
}

/** Parses a saved page (JSON text or parsed value): migrate, validate, check. */
export function parsePage(input: unknown): ParsePageResult {
  const json = readJsonInput(input);
  if (!json.ok) return { ok: false, issues: [json.issue] };
  const raw = json.value;
  const m = migrate(raw);
  if (!m.ok) {
    return {
      ok: false,
      issues: [
        m.reason === 'newerVersion'
          ? issue(
              'newerVersion',
              'version',
              `页面版本 ${m.fromVersion} 高于当前支持的版本`,
              `Page version ${m.fromVersion} is newer than this software supports`,
            )
          : issue('notAnObject', '', '页面内容必须是对象', 'The page content must be an object'),
      ],
    };
  }
  const widgets = Array.isArray(m.doc['widgets']) ? repairWidgetProps(m.doc['widgets']) : null;
  const doc = widgets ? { ...m.doc, widgets: widgets.widgets } : m.doc;
  const parsed = pageDocumentSchema.safeParse(doc);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => {
        const path = i.path.map(String).join('.');
        return issue('invalidField', path, `字段 ${path} 无效`, `${path}: ${i.message}`);
      }),
    };
  }
  const issues = pageIssues(parsed.data);
  if (issues.length) return { ok: false, issues };
  return { ok: true, page: parsed.data, fromVersion: m.fromVersion, repairs: widgets?.repairs ?? [] };
}
