/** Position, size, rotation, common style and the type-specific fields of one widget. */
import { Button, Input, Select, Slider, Space, Switch, Typography } from 'antd';
import { ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import { CommitNumber, CommitText, ColorField, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';
import { dataOf, num, obj, optionsOf, str } from '../../../app/widgets/styleOf';
import { ComplexSpecific } from './complex/ComplexSpecific';
import { MaterialField } from './MaterialPicker';

const SHAPES_WITH_FILL = new Set([
  'ShapeArrow',
  'ShapeCircle',
  'ShapeEllipse',
  'ShapeOctagon',
  'ShapeParallelogram',
  'ShapePrism',
  'ShapeRect',
  'ShapeTriangle',
]);
const TEXT_TYPES = new Set([
  'UsualText',
  'UsualDataText',
  'UsualButton',
  'UsualTimer',
  'UsualInput',
  'UsualComboBox',
  'UsualTimeSelector',
  'UsualRadio',
  'UsualPercentFill',
  'UsualDashboard',
]);
const FILL_TYPES = new Set([
  'UsualButton',
  'UsualInput',
  'UsualComboBox',
  'UsualTimeSelector',
  'UsualSelect',
  'UsualScrollbar',
  'UsualPercentFill',
]);

function Geometry({ editor }: { editor: WidgetEditor }) {
  const { t } = useT('designer');
  const p = editor.widget.position;
  const locked = editor.locked;
  return (
    <>
      <div className="fh-prop-section">{t('props.geometry')}</div>
      <div className="fh-prop-grid">
        <CommitNumber
          testId="prop-x"
          addonBefore="X"
          value={p.x}
          disabled={locked}
          onCommit={(x) => editor.moveTo(x, p.y)}
        />
        <CommitNumber
          testId="prop-y"
          addonBefore="Y"
          value={p.y}
          disabled={locked}
          onCommit={(y) => editor.moveTo(p.x, y)}
        />
        <CommitNumber
          testId="prop-width"
          addonBefore={t('props.w')}
          value={p.width}
          min={2}
          disabled={locked}
          onCommit={(w) => editor.resizeTo(w, p.height)}
        />
        <CommitNumber
          testId="prop-height"
          addonBefore={t('props.h')}
          value={p.height}
          min={2}
          disabled={locked}
          onCommit={(h) => editor.resizeTo(p.width, h)}
        />
        <CommitNumber
          testId="prop-rotate"
          addonBefore="∠"
          value={p.rotate}
          min={0}
          max={359}
          disabled={locked}
          onCommit={(r) => editor.rotateTo(r)}
        />
      </div>
      {locked && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {t('props.locked-help')}
        </Typography.Text>
      )}
    </>
  );
}

function Options({ editor }: { editor: WidgetEditor }) {
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
function Frames({ editor }: { editor: WidgetEditor }) {
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

/** Fields of `data` specific to the widget type. */
function Specific({ editor }: { editor: WidgetEditor }) {
  const { t } = useT('designer');
  const w = editor.widget;
  const type = w.widgetType;
  const setData = (key: string, value: unknown) => editor.patch({ data: { ...w.data, [key]: value } });
  const text = (key: string, label: string, testId?: string) => (
    <Row label={label}>
      <CommitText testId={testId} value={str(dataOf(w, key), '')} onCommit={(v) => setData(key, v)} />
    </Row>
  );
  const number = (key: string, label: string, fallback: number) => (
    <Row label={label}>
      <CommitNumber value={num(dataOf(w, key), fallback)} onCommit={(v) => setData(key, v)} />
    </Row>
  );
  switch (type) {
    case 'UsualText':
    case 'UsualButton':
      return text('text', t('props.text'), 'prop-text');
    case 'UsualDataText':
      return (
        <>
          {number('decimals', t('props.decimals'), -1)}
          {text('unit', t('props.unit'))}
          {text('prefix', t('props.prefix'))}
          {text('suffix', t('props.suffix'))}
        </>
      );
    case 'UsualImage':
      return (
        <Row label={t('props.image-url')}>
          <MaterialField
            testId="prop-image-url"
            value={str(dataOf(w, 'imgUrl'), '')}
            onCommit={(v) => setData('imgUrl', v)}
          />
        </Row>
      );
    case 'UsualTimer':
    case 'UsualTimeSelector':
      return text('format', t('props.format'));
    case 'UsualInput':
      return text('placeholder', t('props.placeholder'));
    case 'UsualComboBox':
      return (
        <>
          {text('placeholder', t('props.placeholder'))}
          <Options editor={editor} />
        </>
      );
    case 'UsualRadio':
      return <Options editor={editor} />;
    case 'UsualDashboard':
      return (
        <>
          {number('minVal', t('props.min'), 0)}
          {number('maxVal', t('props.max'), 100)}
          {number('splitNumber', t('props.split'), 10)}
          {text('unit', t('props.unit'))}
        </>
      );
    case 'UsualPercentFill':
      return (
        <>
          <Row label={t('props.mode')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              value={str(dataOf(w, 'mode'), 'rectangle')}
              onChange={(v) => setData('mode', v)}
              options={(['rectangle', 'capacity', 'doughnut'] as const).map((m) => ({
                value: m,
                label: t(`props.mode-${m}`),
              }))}
            />
          </Row>
          {number('minVal', t('props.min'), 0)}
          {number('maxVal', t('props.max'), 100)}
        </>
      );
    case 'UsualAnimation':
      return (
        <>
          <Row label={t('props.frame-interval')}>
            <CommitNumber
              testId="prop-frame-interval"
              value={num(dataOf(w, 'interval'), 1000)}
              min={50}
              onCommit={(v) => setData('interval', v)}
            />
          </Row>
          <Row label={t('props.drive-mode')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              data-testid="prop-drive-mode"
              value={str(dataOf(w, 'driveMode'), 'play')}
              onChange={(v) => setData('driveMode', v)}
              options={(['play', 'frame'] as const).map((m) => ({ value: m, label: t(`props.drive-${m}`) }))}
            />
          </Row>
          <Frames editor={editor} />
        </>
      );
    case 'UsualScrollbar':
      return (
        <>
          {number('minVal', t('props.min'), 0)}
          {number('maxVal', t('props.max'), 100)}
          {number('step', t('props.step'), 1)}
        </>
      );
    case 'UsualSelect':
      return (
        <>
          {text('onValue', t('props.on-value'))}
          {text('offValue', t('props.off-value'))}
        </>
      );
    default:
      return <ComplexSpecific editor={editor} />;
  }
}

export function StyleSection({ editor }: { editor: WidgetEditor }) {
  const { t } = useT('designer');
  const w = editor.widget;
  const style = w.style;
  const setStyle = (key: string, value: unknown) => editor.patch({ style: { ...style, [key]: value } });
  const setSub = (key: 'stroke' | 'font' | 'line' | 'flip', field: string, value: unknown) =>
    editor.patch({ style: { ...style, [key]: { ...obj(style[key]), [field]: value } } });
  const type = w.widgetType;
  const isLine = type === 'ShapeLine' || type === 'ShapeStraight';
  const stroke = obj(style.stroke);
  const line = obj(style.line);
  const font = obj(style.font);
  return (
    <div data-testid="prop-style">
      <Row label={t('props.name')}>
        <CommitText
          testId="prop-name"
          value={w.widgetName}
          onCommit={(v) => editor.patch({ widgetName: v })}
        />
      </Row>
      <Geometry editor={editor} />
      <div className="fh-prop-section">{t('props.style')}</div>
      {(SHAPES_WITH_FILL.has(type) || FILL_TYPES.has(type)) && (
        <Row label={t('props.fill')}>
          <ColorField
            testId="prop-fill"
            value={str(style.fill, '#1890FF')}
            onCommit={(v) => setStyle('fill', v)}
          />
        </Row>
      )}
      {SHAPES_WITH_FILL.has(type) && (
        <>
          <Row label={t('props.stroke')}>
            <ColorField
              value={str(stroke['color'], '#000000')}
              onCommit={(v) => setSub('stroke', 'color', v)}
            />
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
      )}
      {isLine && (
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
      )}
      {(type === 'ShapeRect' || FILL_TYPES.has(type) || type === 'UsualImage') && (
        <Row label={t('props.radius')}>
          <CommitNumber
            value={num(style.radius, 0)}
            min={0}
            max={500}
            onCommit={(v) => setStyle('radius', v)}
          />
        </Row>
      )}
      {TEXT_TYPES.has(type) && (
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
              options={(['normal', 'bold'] as const).map((d) => ({
                value: d,
                label: t(`props.weight-${d}`),
              }))}
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
      )}
      <Row label={t('props.opacity')}>
        <Slider
          min={0}
          max={1}
          step={0.05}
          value={num(style.opacity, 1)}
          onChangeComplete={(v: number) => setStyle('opacity', v)}
        />
      </Row>
      {type.startsWith('Shape') && (
        <Row label={t('props.flip')}>
          <Space>
            <Switch
              size="small"
              checkedChildren="↔"
              unCheckedChildren="↔"
              checked={obj(style.flip)['x'] === true}
              onChange={(v) => setSub('flip', 'x', v)}
            />
            <Switch
              size="small"
              checkedChildren="↕"
              unCheckedChildren="↕"
              checked={obj(style.flip)['y'] === true}
              onChange={(v) => setSub('flip', 'y', v)}
            />
          </Space>
        </Row>
      )}
      <Specific editor={editor} />
    </div>
  );
}
