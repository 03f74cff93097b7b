/**
 * The style fields widget types share (fill, outline, line, corner radius, text, opacity, flip),
 * each a part a type's property fields are composed of (widgetFields.tsx). Each edit is one
 * setProperty command.
 */
import { Select, Slider, Space, Switch } from 'antd';
import { useT } from '../../../app/useT';
import { num, obj, str } from '../../../app/widgets/styleOf';
import { ColorField, CommitNumber, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';

/** The property fields of one widget, or one part of them. */
export interface FieldsProps {
  editor: WidgetEditor;
}

type Nested = 'stroke' | 'font' | 'line' | 'flip';

function styleSetters(editor: WidgetEditor) {
  const style = editor.widget.style;
  return {
    style,
    setStyle: (key: string, value: unknown) => editor.patch({ style: { ...style, [key]: value } }),
    setSub: (key: Nested, field: string, value: unknown) =>
      editor.patch({ style: { ...style, [key]: { ...obj(style[key]), [field]: value } } }),
  };
}

export function FillField({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const { style, setStyle } = styleSetters(editor);
  return (
    <Row label={t('props.fill')}>
      <ColorField
        testId="prop-fill"
        value={str(style.fill, '#1890FF')}
        onCommit={(v) => setStyle('fill', v)}
      />
    </Row>
  );
}

/** The outline of a filled shape: colour, width, dash. */
export function StrokeFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const { style, setSub } = styleSetters(editor);
  const stroke = obj(style.stroke);
  return (
    <>
      <Row label={t('props.stroke')}>
        <ColorField value={str(stroke['color'], '#000000')} onCommit={(v) => setSub('stroke', 'color', v)} />
      </Row>
      <Row label={t('props.stroke-width')}>
        <CommitNumber
          value={num(stroke['width'], 1)}
          min={0}
          max={50}
          onCommit={(v) => setSub('stroke', 'width', v)}
        />
      </Row>
      <Row label={t('props.dash')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={str(stroke['dash'], 'solid')}
          onChange={(v) => setSub('stroke', 'dash', v)}
          options={(['solid', 'dashed', 'dotted'] as const).map((d) => ({
            value: d,
            label: t(`props.dash-${d}`),
          }))}
        />
      </Row>
    </>
  );
}

/** A line's colour, width and arrows at its ends. */
export function LineFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const { style, setSub } = styleSetters(editor);
  const line = obj(style.line);
  return (
    <>
      <Row label={t('props.stroke')}>
        <ColorField value={str(line['color'], '#1890FF')} onCommit={(v) => setSub('line', 'color', v)} />
      </Row>
      <Row label={t('props.stroke-width')}>
        <CommitNumber
          value={num(line['width'], 2)}
          min={1}
          max={50}
          onCommit={(v) => setSub('line', 'width', v)}
        />
      </Row>
      <Row label={t('props.arrows')}>
        <Space>
          <Switch
            size="small"
            checked={line['arrowStart'] === true}
            onChange={(v) => setSub('line', 'arrowStart', v)}
          />
          <Switch
            size="small"
            checked={line['arrowEnd'] === true}
            onChange={(v) => setSub('line', 'arrowEnd', v)}
          />
        </Space>
      </Row>
    </>
  );
}

export function RadiusField({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const { style, setStyle } = styleSetters(editor);
  return (
    <Row label={t('props.radius')}>
      <CommitNumber value={num(style.radius, 0)} min={0} max={500} onCommit={(v) => setStyle('radius', v)} />
    </Row>
  );
}

/** Text colour, font size and weight, alignment. */
export function TextStyleFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const { style, setStyle, setSub } = styleSetters(editor);
  const font = obj(style.font);
  return (
    <>
      <Row label={t('props.color')}>
        <ColorField
          testId="prop-color"
          value={str(style.color, '#000000')}
          onCommit={(v) => setStyle('color', v)}
        />
      </Row>
      <Row label={t('props.font-size')}>
        <CommitNumber
          value={num(font['size'], 14)}
          min={6}
          max={200}
          onCommit={(v) => setSub('font', 'size', v)}
        />
      </Row>
      <Row label={t('props.font-weight')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={str(font['weight'], 'normal')}
          onChange={(v) => setSub('font', 'weight', v)}
          options={(['normal', 'bold'] as const).map((d) => ({ value: d, label: t(`props.weight-${d}`) }))}
        />
      </Row>
      <Row label={t('props.align')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={str(style.align, 'center')}
          onChange={(v) => setStyle('align', v)}
          options={(['left', 'center', 'right'] as const).map((d) => ({
            value: d,
            label: t(`props.align-${d}`),
          }))}
        />
      </Row>
    </>
  );
}

export function OpacityField({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const { style, setStyle } = styleSetters(editor);
  return (
    <Row label={t('props.opacity')}>
      <Slider
        min={0}
        max={1}
        step={0.05}
        value={num(style.opacity, 1)}
        onChangeComplete={(v: number) => setStyle('opacity', v)}
      />
    </Row>
  );
}

/** Mirroring of a shape, horizontally and vertically. */
export function FlipFields({ editor }: FieldsProps) {
  const { t } = useT('designer');
  const { style, setSub } = styleSetters(editor);
  const flip = obj(style.flip);
  return (
    <Row label={t('props.flip')}>
      <Space>
        <Switch
          size="small"
          checkedChildren="↔"
          unCheckedChildren="↔"
          checked={flip['x'] === true}
          onChange={(v) => setSub('flip', 'x', v)}
        />
        <Switch
          size="small"
          checkedChildren="↕"
          unCheckedChildren="↕"
          checked={flip['y'] === true}
          onChange={(v) => setSub('flip', 'y', v)}
        />
      </Space>
    </Row>
  );
}
