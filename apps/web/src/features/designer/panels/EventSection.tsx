/**
 * The click event of one widget (docs/requirements/pages-and-designer.md §8): enable, the action (write,
 * page jump, link, script, iframe popup) and its fields: the write (EventWriteFields), the page
 * picker with its target and popup (EventPageFields), a link, a script, or an iframe's address in a
 * popup of a size and position.
 */
import { Select, Switch } from 'antd';
import { useT } from '../../../app/useT';
import { CLICK_ACTIONS, type ClickConfig } from '@fieldhub/hmi';
import type { SignalSource } from '../signals/useSignalSource';
import { PageTargetFields, PopupFields, type PageOwnerRef } from './EventPageFields';
import { EventWriteFields } from './EventWriteFields';
import { CommitText, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';

export function EventSection({
  editor,
  signals,
  owner,
}: {
  editor: WidgetEditor;
  signals: SignalSource;
  /** the owner of the page being designed (its pages are the page picker's first choice) */
  owner: PageOwnerRef;
}) {
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
          {config.action === 'write' && <EventWriteFields config={config} save={save} signals={signals} />}
          {config.action === 'page' && <PageTargetFields config={config} save={save} owner={owner} />}
          {config.action === 'link' && (
            <>
              <Row label={t('event.link')}>
                <CommitText value={config.link} placeholder="https://" onCommit={(link) => save({ link })} />
              </Row>
              <Row label={t('event.target')}>
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={config.target === 'window' ? '_blank' : config.target}
                  onChange={(target) => save({ target })}
                  options={(['_self', '_blank'] as const).map((v) => ({
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
            <>
              <Row label={t('event.link')}>
                <CommitText
                  value={config.iframe.link}
                  placeholder="https://"
                  testId="event-iframe-link"
                  onCommit={(link) => save({ iframe: { ...config.iframe, link } })}
                />
              </Row>
              <PopupFields config={config} save={save} />
            </>
          )}
        </>
      )}
    </div>
  );
}
