/**
 * The click event of one widget (docs/requirements/pages-and-designer.md §8): enable, the action (write,
 * page jump, link, script, iframe) and its fields; a write asks for confirmation by default.
 */
import { InputNumber, Select, Space, Switch } from 'antd';
import { useT } from '../../../app/useT';
import { CLICK_ACTIONS, type ClickConfig } from '@fieldhub/hmi';
import type { SignalSource } from '../signals/useSignalSource';
import { BindingField } from './DataSection';
import { CommitText, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';

export function EventSection({ editor, signals }: { editor: WidgetEditor; signals: SignalSource }) {
  const { t } = useT('designer');
  const event = editor.widget.clickEvent;
  const config = event.config;
  const save = (patch: Partial<ClickConfig>) =>
    editor.patch({ clickEvent: { ...event, config: { ...config, ...patch } } });
  return (
    <div data-testid="prop-event">
      <Row label={t('event.enable')}>
        <Switch
          size="small"
          data-testid="event-enable"
          checked={event.enable}
          onChange={(enable) => editor.patch({ clickEvent: { ...event, enable } })}
        />
      </Row>
      {event.enable && (
        <>
          <Row label={t('event.action')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              data-testid="event-action"
              value={config.action}
              onChange={(action) => save({ action })}
              options={CLICK_ACTIONS.map((a) => ({ value: a, label: t(`event.action-${a}`) }))}
            />
          </Row>
          {config.action === 'write' && (
            <>
              <Row label={t('event.write-signal')}>
                <BindingField
                  binding={config.data}
                  signals={signals}
                  testId="event-binding"
                  onChange={(data) => save({ data })}
                />
              </Row>
              <Row label={t('event.write-value')}>
                <CommitText
                  value={config.writeValue}
                  onCommit={(writeValue) => save({ writeValue })}
                  testId="event-write-value"
                />
              </Row>
              <Row label={t('event.confirm')}>
                <Switch size="small" checked={config.confirm} onChange={(confirm) => save({ confirm })} />
              </Row>
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
          )}
          {config.action === 'page' && (
            <Row label={t('event.page-id')}>
              <CommitText value={config.pageId} onCommit={(pageId) => save({ pageId })} />
            </Row>
          )}
          {config.action === 'link' && (
            <>
              <Row label={t('event.link')}>
                <CommitText value={config.link} placeholder="https://" onCommit={(link) => save({ link })} />
              </Row>
              <Row label={t('event.target')}>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={config.target}
                  onChange={(target) => save({ target })}
                  options={(['_self', '_blank', 'window'] as const).map((v) => ({
                    value: v,
                    label: t(`event.target-${v}`),
                  }))}
                />
              </Row>
            </>
          )}
          {config.action === 'script' && (
            <Row label={t('event.script')}>
              <CommitText multiline value={config.script} onCommit={(script) => save({ script })} />
            </Row>
          )}
          {config.action === 'iframe' && (
            <Row label={t('event.link')}>
              <CommitText
                value={config.iframe.link}
                onCommit={(link) => save({ iframe: { ...config.iframe, link } })}
              />
            </Row>
          )}
        </>
      )}
    </div>
  );
}
