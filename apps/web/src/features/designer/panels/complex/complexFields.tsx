/**
 * What the property sections of the complex widgets share: reading and writing `a.b` of a widget's
 * data or style, and the field rows bound to such a path (each edit is one setProperty command).
 */
import type { ReactNode } from 'react';
import { Select, Switch } from 'antd';
import { useT } from '../../../../app/useT';
import type { Widget } from '@fieldhub/hmi';
import { num, obj, str } from '../../../../app/widgets/styleOf';
import { CommitNumber, CommitText, ColorField, Row } from '../fields';
import type { WidgetEditor } from '../PropertyPanel';

export type Loose = Record<string, unknown>;
export type Part = 'data' | 'style';

/** Reads `a.b` of the widget's data or style. */
export function read(w: Widget, part: Part, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => obj(o)[k], part === 'data' ? w.data : w.style);
}

/** The widget's data or style with `a.b` set (copies along the path; the document stays immutable). */
export function written(root: Loose, path: string, value: unknown): Loose {
  const [head, ...rest] = path.split('.');
  return { ...root, [head!]: rest.length ? written(obj(root[head!]), rest.join('.'), value) : value };
}

/** The field rows of the edited widget, each bound to a path of its data or style. */
export function useFields(editor: WidgetEditor) {
  const { t } = useT('designer');
  const w = editor.widget;
  const set = (part: Part, path: string, value: unknown) =>
    editor.patch(
      part === 'data'
        ? { data: written(w.data as Loose, path, value) as Widget['data'] }
        : { style: written(w.style as Loose, path, value) },
    );
  return {
    t,
    w,
    set,
    text: (part: Part, path: string, label: string, testId?: string) => (
      <Row label={label} key={`${part}.${path}`}>
        <CommitText
          testId={testId}
          value={str(read(w, part, path), '')}
          onCommit={(v) => set(part, path, v)}
        />
      </Row>
    ),
    number: (part: Part, path: string, label: string, fallback: number, min?: number, max?: number) => (
      <Row label={label} key={`${part}.${path}`}>
        <CommitNumber
          value={num(read(w, part, path), fallback)}
          min={min}
          max={max}
          onCommit={(v) => set(part, path, v)}
        />
      </Row>
    ),
    bool: (part: Part, path: string, label: string, fallback: boolean) => (
      <Row label={label} key={`${part}.${path}`}>
        <Switch
          size="small"
          checked={typeof read(w, part, path) === 'boolean' ? (read(w, part, path) as boolean) : fallback}
          onChange={(v) => set(part, path, v)}
        />
      </Row>
    ),
    // options keep their literal types, so a label key built from one is checked
    select: <O extends string>(
      part: Part,
      path: string,
      label: string,
      fallback: NoInfer<O>,
      options: readonly O[],
      labelOf: (o: O) => string,
      testId?: string,
    ) => (
      <Row label={label} key={`${part}.${path}`}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid={testId}
          value={str(read(w, part, path), fallback)}
          onChange={(v) => set(part, path, v)}
          options={options.map((o) => ({ value: o, label: labelOf(o) }))}
        />
      </Row>
    ),
    color: (part: Part, path: string, label: string, fallback: string) => (
      <Row label={label} key={`${part}.${path}`}>
        <ColorField value={str(read(w, part, path), fallback)} onCommit={(v) => set(part, path, v)} />
      </Row>
    ),
  };
}

/** The title of a group of fields. */
export const section = (title: string): ReactNode => <div className="fh-prop-section">{title}</div>;
