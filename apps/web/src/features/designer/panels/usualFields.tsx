/**
 * The type-specific property fields of the usual widgets (docs/requirements/widgets.md §3), each
 * a part a type's property fields are composed of (widgetFields.tsx). Each edit is one
 * setProperty command.
 */
import { Button, Input, Select, Space, Typography } from 'antd';
import { ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { dataOf, num, obj, optionsOf, str } from '../../../app/widgets/styleOf';
import { CommitNumber, CommitText, Row } from './fields';
import { MaterialField } from './MaterialPicker';
import type { WidgetEditor } from './PropertyPanel';
import type { FieldsProps } from './styleFields';

const setData = (editor: WidgetEditor, key: string, value: unknown) =>
  editor.patch({ data: { ...editor.widget.data, [key]: value } });

/** A text field of `data`. */
function DataText({
  editor,
  field,
  label,
  testId,
}: FieldsProps & { field: string; label: string; testId?: string }) {
  return (
    <Row label={label}>
      <CommitText
        testId={testId}
        value={str(dataOf(editor.widget, field), '')}
        onCommit={(v) => setData(editor, field, v)}
      />
    </Row>
  );
}

/** A number field of `data` (`fallback` shown while it has none). */
function DataNumber({
  editor,
  field,
  label,
  fallback,
}: FieldsProps & { field: string; label: string; fallback: number }) {
  return (
    <Row label={label}>
      <CommitNumber
        value={num(dataOf(editor.widget, field), fallback)}
        onCommit={(v) => setData(editor, field, v)}
      />
    </Row>
  );
}

/** The text of a text widget or button. */
export function TextField({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return <DataText editor={editor} field="text" label={t('props.text')} testId="prop-text" />;
}

/** Decimals, unit, prefix and suffix of a data text. */
export function DataTextFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return (
    <>
      <DataNumber editor={editor} field="decimals" label={t('props.decimals')} fallback={-1} />
      <DataText editor={editor} field="unit" label={t('props.unit')} />
      <DataText editor={editor} field="prefix" label={t('props.prefix')} />
      <DataText editor={editor} field="suffix" label={t('props.suffix')} />
    </>
  );
}

export function ImageField({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return (
    <Row label={t('props.image-url')}>
      <MaterialField
        testId="prop-image-url"
        value={str(dataOf(editor.widget, 'imgUrl'), '')}
        onCommit={(v) => setData(editor, 'imgUrl', v)}
      />
    </Row>
  );
}

/** The date/time format of a clock or time selector. */
export function FormatField({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return <DataText editor={editor} field="format" label={t('props.format')} />;
}

export function PlaceholderField({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return <DataText editor={editor} field="placeholder" label={t('props.placeholder')} />;
}

export function DashboardFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return (
    <>
      <DataNumber editor={editor} field="minVal" label={t('props.min')} fallback={0} />
      <DataNumber editor={editor} field="maxVal" label={t('props.max')} fallback={100} />
      <DataNumber editor={editor} field="splitNumber" label={t('props.split')} fallback={10} />
      <DataText editor={editor} field="unit" label={t('props.unit')} />
    </>
  );
}

/** Mode (rectangle, capacity, doughnut) and range of a percent fill. */
export function PercentFillFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return (
    <>
      <Row label={t('props.mode')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={str(dataOf(editor.widget, 'mode'), 'rectangle')}
          onChange={(v) => setData(editor, 'mode', v)}
          options={(['rectangle', 'capacity', 'doughnut'] as const).map((m) => ({
            value: m,
            label: t(`props.mode-${m}`),
          }))}
        />
      </Row>
      <DataNumber editor={editor} field="minVal" label={t('props.min')} fallback={0} />
      <DataNumber editor={editor} field="maxVal" label={t('props.max')} fallback={100} />
    </>
  );
}

/** Interval, drive mode and frames of a frame animation. */
export function AnimationFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const w = editor.widget;
  return (
    <>
      <Row label={t('props.frame-interval')}>
        <CommitNumber
          testId="prop-frame-interval"
          value={num(dataOf(w, 'interval'), 1000)}
          min={50}
          onCommit={(v) => setData(editor, 'interval', v)}
        />
      </Row>
      <Row label={t('props.drive-mode')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid="prop-drive-mode"
          value={str(dataOf(w, 'driveMode'), 'play')}
          onChange={(v) => setData(editor, 'driveMode', v)}
          options={(['play', 'frame'] as const).map((m) => ({ value: m, label: t(`props.drive-${m}`) }))}
        />
      </Row>
      <Frames editor={editor} />
    </>
  );
}

export function ScrollbarFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return (
    <>
      <DataNumber editor={editor} field="minVal" label={t('props.min')} fallback={0} />
      <DataNumber editor={editor} field="maxVal" label={t('props.max')} fallback={100} />
      <DataNumber editor={editor} field="step" label={t('props.step')} fallback={1} />
    </>
  );
}

/** The values a switch writes for on and off. */
export function SwitchFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  return (
    <>
      <DataText editor={editor} field="onValue" label={t('props.on-value')} />
      <DataText editor={editor} field="offValue" label={t('props.off-value')} />
    </>
  );
}

/** The options (text, value) of a radio group or combo box. */
export function OptionsFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const options = optionsOf(editor.widget);
  const save = (next: { text: string; value: string }[]) =>
    editor.patch({ data: { ...editor.widget.data, options: next } });
  return (
    <>
      <div className="fh-prop-section">{t('props.options')}</div>
      {options.map((o, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <Input
            size="small"
            defaultValue={o.text}
            placeholder={t('props.option-text')}
            onBlur={(e) =>
              e.target.value !== o.text &&
              save(options.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))
            }
          />
          <Input
            size="small"
            defaultValue={o.value}
            placeholder={t('props.option-value')}
            onBlur={(e) =>
              e.target.value !== o.value &&
              save(options.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
            }
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => save(options.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        data-testid="prop-option-add"
        onClick={() =>
          save([
            ...options,
            { text: t('widget.option', { n: options.length + 1 }), value: String(options.length + 1) },
          ])
        }
      >
        {t('props.option-add')}
      </Button>
    </>
  );
}

/** The frames of a frame animation: image addresses in play order (docs/requirements/widgets.md §3.4). */
function Frames({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const w = editor.widget;
  const raw = dataOf(w, 'frames');
  const frames = (Array.isArray(raw) ? raw : []).map((f) =>
    typeof f === 'string' ? f : str(obj(f)['imgUrl'], ''),
  );
  const save = (next: string[]) =>
    editor.patch({ data: { ...w.data, frames: next.map((imgUrl) => ({ imgUrl })) } });
  return (
    <>
      <div className="fh-prop-section">{t('props.frames')}</div>
      {frames.map((url, i) => (
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }} data-testid={`prop-frame-${i}`}>
          <MaterialField
            value={url}
            placeholder="/userimg/…"
            onCommit={(v) => save(frames.map((x, j) => (j === i ? v : x)))}
          />
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={i === 0}
            aria-label={t('props.frame-up')}
            onClick={() =>
              save(frames.map((x, j) => (j === i - 1 ? frames[i]! : j === i ? frames[i - 1]! : x)))
            }
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('props.frame-remove')}
            onClick={() => save(frames.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      {frames.length === 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('props.frames-empty')}
        </Typography.Text>
      )}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        data-testid="prop-frame-add"
        onClick={() => save([...frames, ''])}
      >
        {t('props.frame-add')}
      </Button>
    </>
  );
}
