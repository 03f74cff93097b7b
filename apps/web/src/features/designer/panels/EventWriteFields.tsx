/**
 * The write of a click event (docs/requirements/pages-and-designer.md §8.2–§8.4): the variable, the write
 * type (a fixed value, one typed in, a toggle between two values, a step from the current value,
 * press-and-hold with `pressType`), the click's own limits, confirmation (not for press-and-hold:
 * a dialog would end the hold), hint, delay and feedback. The kernels are clickWrite.ts of
 * packages/hmi.
 */
import { InputNumber, Select, Space, Switch } from 'antd';
import { PRESS_TYPES, WRITE_TYPES, type ClickConfig } from '@fieldhub/hmi';
import { useT } from '../../../app/useT';
import type { SignalSource } from '../signals/useSignalSource';
import { BindingField } from './DataSection';
import { NumberPair } from './EventPageFields';
import { CommitNumber, CommitText, Row } from './fields';

type Save = (patch: Partial<ClickConfig>) => void;

/** The two values of a toggle or of a custom press-and-hold, under their labels. */
function ValuePair({
  config,
  save,
  first,
  second,
}: {
  config: ClickConfig;
  save: Save;
  first: string;
  second: string;
}) {
  return (
    <>
      <Row label={first}>
        <CommitText
          value={config.onValue}
          testId="event-on-value"
          onCommit={(onValue) => save({ onValue })}
        />
      </Row>
      <Row label={second}>
        <CommitText
          value={config.offValue}
          testId="event-off-value"
          onCommit={(offValue) => save({ offValue })}
        />
      </Row>
    </>
  );
}

function LimitFields({ config, save }: { config: ClickConfig; save: Save }) {
  const { t } = useT('designer');
  const limit = config.limit;
  const setLimit = (patch: Partial<ClickConfig['limit']>) => save({ limit: { ...limit, ...patch } });
  return (
    <>
      <Row label={t('event.limit')}>
        <Switch
          size="small"
          data-testid="event-limit"
          checked={limit.enable}
          onChange={(enable) => setLimit({ enable })}
        />
      </Row>
      {limit.enable && (
        <NumberPair
          label={t('event.limit-range')}
          sides={[
            {
              value: limit.min,
              max: limit.max,
              prefix: t('event.limit-min'),
              testId: 'event-limit-min',
              onCommit: (min) => setLimit({ min }),
            },
            {
              value: limit.max,
              min: limit.min,
              prefix: t('event.limit-max'),
              testId: 'event-limit-max',
              onCommit: (max) => setLimit({ max }),
            },
          ]}
        />
      )}
    </>
  );
}

export function EventWriteFields({
  config,
  save,
  signals,
}: {
  config: ClickConfig;
  save: Save;
  signals: SignalSource;
}) {
  const { t } = useT('designer');
  const type = config.writeType;
  return (
    <>
      <Row label={t('event.write-signal')}>
        <BindingField
          binding={config.data}
          signals={signals}
          testId="event-binding"
          // a write goes to a device variable: intermediate variables and system keys are read-only
          kinds={['signal']}
          onChange={(data) => save({ data })}
        />
      </Row>
      <Row label={t('event.write-type')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid="event-write-type"
          value={type}
          onChange={(writeType: string) => save({ writeType })}
          options={WRITE_TYPES.map((w) => ({ value: w, label: t(`event.write-type-${w}`) }))}
        />
      </Row>
      {type === 'fixed' && (
        <Row label={t('event.write-value')}>
          <CommitText
            value={config.writeValue}
            onCommit={(writeValue) => save({ writeValue })}
            testId="event-write-value"
          />
        </Row>
      )}
      {type === 'toggle' && (
        <ValuePair config={config} save={save} first={t('event.toggle-on')} second={t('event.toggle-off')} />
      )}
      {type === 'step' && (
        <Row label={t('event.step')}>
          <CommitNumber
            value={config.stepValue}
            testId="event-step"
            onCommit={(stepValue) => save({ stepValue })}
          />
        </Row>
      )}
      {type === 'press' && (
        <>
          <Row label={t('event.press-type')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              data-testid="event-press-type"
              value={config.pressType}
              onChange={(pressType: string) => save({ pressType })}
              options={PRESS_TYPES.map((p) => ({ value: p, label: t(`event.press-type-${p}`) }))}
            />
          </Row>
          {config.pressType === 'custom' && (
            <ValuePair
              config={config}
              save={save}
              first={t('event.press-on')}
              second={t('event.press-off')}
            />
          )}
        </>
      )}
      <LimitFields config={config} save={save} />
      {type !== 'press' && (
        <Row label={t('event.confirm')}>
          <Switch
            size="small"
            data-testid="event-confirm"
            checked={config.confirm}
            onChange={(confirm) => save({ confirm })}
          />
        </Row>
      )}
      <Row label={t('event.hint')}>
        <Space>
          <Switch size="small" checked={config.hint} onChange={(hint) => save({ hint })} />
          {config.hint && (
            <CommitText value={config.hintValue} onCommit={(hintValue) => save({ hintValue })} />
          )}
        </Space>
      </Row>
      <Row label={t('event.delay')}>
        <Space>
          <Switch
            size="small"
            checked={config.delay.enable}
            onChange={(enable) => save({ delay: { ...config.delay, enable } })}
          />
          {config.delay.enable && (
            <InputNumber
              size="small"
              min={0}
              step={100}
              value={config.delay.time}
              suffix="ms"
              onChange={(v) => typeof v === 'number' && save({ delay: { ...config.delay, time: v } })}
            />
          )}
        </Space>
      </Row>
      <Row label={t('event.feedback')}>
        <Switch size="small" checked={config.feedback} onChange={(feedback) => save({ feedback })} />
      </Row>
    </>
  );
}
