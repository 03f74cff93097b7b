/**
 * Animations of one widget (docs/requirements/pages-and-designer.md §9): show/hide, twinkle, rotate, fill,
 * border and font colour, each disabled by default, each with a condition on a bound signal (symbol, value);
 * colour animations hold rows of symbol, value and colour.
 */
import { Button, Card, Input, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useT } from '../../../app/useT';
import {
  ANIMATION_TYPES,
  COMPARE_SYMBOLS,
  animationSchema,
  type Animation,
  type AnimationType,
  type ColorRow,
} from '@fieldhub/hmi';
import type { SignalSource } from '../signals/useSignalSource';
import { BindingField } from './DataSection';
import { ColorField, CommitNumber, CommitText, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';

const isColour = (type: AnimationType) =>
  type === 'fillColor' || type === 'borderColor' || type === 'fontColor';

function SymbolSelect({
  value,
  onChange,
}: {
  value: Animation['symbol'];
  onChange: (v: Animation['symbol']) => void;
}) {
  return (
    <Select
      size="small"
      style={{ width: 70 }}
      value={value}
      onChange={onChange}
      options={COMPARE_SYMBOLS.map((s) => ({ value: s, label: s }))}
    />
  );
}

function ColourRows({ rows, onChange }: { rows: ColorRow[]; onChange: (rows: ColorRow[]) => void }) {
  const { t } = useT('designer');
  return (
    <>
      {rows.map((r, i) => (
        <Space key={i} style={{ marginBottom: 4 }} size={4}>
          <SymbolSelect
            value={r.symbol}
            onChange={(symbol) => onChange(rows.map((x, j) => (j === i ? { ...x, symbol } : x)))}
          />
          <Input
            size="small"
            style={{ width: 60 }}
            defaultValue={r.value}
            onBlur={(e) =>
              e.target.value !== r.value &&
              onChange(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))
            }
          />
          <ColorField
            value={r.color}
            onCommit={(color) => onChange(rows.map((x, j) => (j === i ? { ...x, color } : x)))}
          />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...rows, { symbol: '==', value: String(rows.length), color: '#FF0000' }])}
      >
        {t('animation.add-row')}
      </Button>
    </>
  );
}

export function AnimationSection({ editor, signals }: { editor: WidgetEditor; signals: SignalSource }) {
  const { t } = useT('designer');
  const list = editor.widget.animation;
  const current = (type: AnimationType): Animation =>
    list.find((a) => a.type === type) ?? animationSchema.parse({ type });
  const save = (next: Animation) => {
    const has = list.some((a) => a.type === next.type);
    editor.patch({ animation: has ? list.map((a) => (a.type === next.type ? next : a)) : [...list, next] });
  };
  return (
    <div data-testid="prop-animation">
      {ANIMATION_TYPES.map((type) => {
        const a = current(type);
        return (
          <Card
            key={type}
            size="small"
            style={{ marginBottom: 8 }}
            title={t(`animation.${type}`)}
            extra={
              <Switch
                size="small"
                data-testid={`animation-${type}`}
                checked={a.enable}
                onChange={(enable) => save({ ...a, enable })}
              />
            }
            styles={{ body: a.enable ? undefined : { display: 'none' } }}
          >
            <Row label={t('animation.signal')}>
              <BindingField
                binding={a.data}
                signals={signals}
                testId={`animation-${type}-binding`}
                onChange={(data) => save({ ...a, data })}
              />
            </Row>
            {!isColour(type) && (
              <Row label={t('animation.condition')}>
                <Space size={4}>
                  <SymbolSelect value={a.symbol} onChange={(symbol) => save({ ...a, symbol })} />
                  <CommitText value={a.value} onCommit={(value) => save({ ...a, value })} />
                </Space>
              </Row>
            )}
            {a.type === 'visiable' && (
              <Row label={t('animation.show')}>
                <Switch size="small" checked={a.show} onChange={(show) => save({ ...a, show })} />
              </Row>
            )}
            {(a.type === 'twinkle' || a.type === 'rotate') && (
              <Row label={t('animation.speed')}>
                <CommitNumber
                  value={a.speed}
                  min={100}
                  step={100}
                  onCommit={(speed) => save({ ...a, speed })}
                />
              </Row>
            )}
            {a.type === 'rotate' && (
              <Row label={t('animation.direction')}>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={a.direction}
                  onChange={(direction) => save({ ...a, direction })}
                  options={[
                    { value: 'cw', label: t('animation.cw') },
                    { value: 'ccw', label: t('animation.ccw') },
                  ]}
                />
              </Row>
            )}
            {(a.type === 'fillColor' || a.type === 'borderColor' || a.type === 'fontColor') && (
              <ColourRows rows={a.rows} onChange={(rows) => save({ ...a, rows })} />
            )}
          </Card>
        );
      })}
    </div>
  );
}
