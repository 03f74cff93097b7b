/**
 * Import: widgets of another saved page (any version) added to this one. The imported page is
 * migrated and validated first; its widgets and groups get new ids so they never collide, and
 * the copy limits apply as for a paste (at the imported positions, no offset).
 */
import { type CopyBlockReason, preparePaste } from './clipboard';
import type { PageDocument, Widget, WidgetGroup } from './document';
import { type PageIssue, parsePage } from './parsePage';

/** An import ready to apply as `{type: 'import', widgets, groups}`, or why it cannot be. */
export type PreparedImport =
  | { ok: true; widgets: Widget[]; groups: WidgetGroup[] }
  | { ok: false; reason: CopyBlockReason }
  | { ok: false; reason: 'invalidPage'; issues: PageIssue[] };

/** Prepares the import of a saved page (JSON text or value) into `page`. */
export function prepareImport(
  page: PageDocument,
  input: unknown,
  newId: (kind: 'widget' | 'group') => string,
): PreparedImport {
  const parsed = parsePage(input);
  if (!parsed.ok) return { ok: false, reason: 'invalidPage', issues: parsed.issues };
  return preparePaste(page, { widgets: parsed.page.widgets, groups: parsed.page.groups }, 0, newId);
}
