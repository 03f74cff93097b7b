/**
 * Editing kernels of the intermediate-variable formula editor: the `${equipmentId.signalId}`
 * reference of a signal, and inserting text at the caret so the picker and the editor agree
 * on where the caret lands.
 */

/**
 * The reference a formula uses for a signal of a project's equipment (docs/requirements/projects.md §5.1).
 */
export function signalRef(equipmentId: number | string, signalId: number | string): string {
  return `\${${equipmentId}.${signalId}}`;
}

/** A text with the caret (or selection) in it, as a textarea reports it. */
export interface TextSelection {
  text: string;
  start: number;
  end: number;
}

/**
 * Replaces the selection with `insert` and puts the caret after it. A selection outside the
 * text (the textarea was never focused) appends at the end.
 */
export function insertAtCaret({ text, start, end }: TextSelection, insert: string): TextSelection {
  const from = start >= 0 && start <= text.length ? start : text.length;
  const to = end >= from && end <= text.length ? end : from;
  const next = text.slice(0, from) + insert + text.slice(to);
  const caret = from + insert.length;
  return { text: next, start: caret, end: caret };
}

/**
 * Adds a reference to the comma-separated list of a sum, avg, min or max formula, at the end; a
 * reference already in the list is not added twice (it would count twice in a sum).
 */
export function addToRefList(text: string, ref: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return ref;
  if (trimmed.includes(ref)) return text;
  return trimmed.endsWith(',') ? `${trimmed} ${ref}` : `${trimmed}, ${ref}`;
}

/**
 * Puts a picked reference into a formula: sum, avg, min and max add it to their list; a custom
 * expression gets it at the caret.
 */
export function insertRef(calcType: string, at: TextSelection, ref: string): TextSelection {
  if (calcType === 'custom') return insertAtCaret(at, ref);
  const text = addToRefList(at.text, ref);
  return { text, start: text.length, end: text.length };
}
