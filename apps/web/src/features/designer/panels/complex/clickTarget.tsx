/**
 * Where a navigation entry or a carousel picture leads (docs/requirements/widgets.md §5.1, §5.4): a
 * page of this owner by id, a device's page (device, then one of its pages), or a web link; in
 * the same or a new window. Edits a click event (`ClickEvent` of packages/hmi) that the viewer
 * runs like a widget's own.
 */
import { useState } from 'react';
import { Select, Switch } from 'antd';
import { clickConfigSchema, type ClickConfig, type ClickEvent } from '@fieldhub/hmi';
import { useT } from '../../../../app/useT';
import { DevicePagePicker } from '../EventPageFields';
import { CommitText, Row } from '../fields';

/** The three kinds of target the editor offers. */
export type TargetKind = 'page' | 'equip' | 'link';

/** The kind of target a click config names. */
export function targetKind(config: ClickConfig): TargetKind {
  if (config.action === 'link') return 'link';
  return config.page.equipId || config.page.equipPageId ? 'equip' : 'page';
}

/** The config switched to another kind of target, the other kinds' fields emptied. */
export function withTargetKind(config: ClickConfig, kind: TargetKind): ClickConfig {
  const emptyPage = clickConfigSchema.parse({}).page;
  switch (kind) {
    case 'link':
      return { ...config, action: 'link', pageId: '', page: emptyPage };
    case 'page':
      return { ...config, action: 'page', link: '', page: emptyPage };
    case 'equip':
      return { ...config, action: 'page', link: '', pageId: '', page: { ...emptyPage, type: 'equip' } };
  }
}

/** The target fields of a click event; `switchable` adds its on/off switch (carousel pictures). */
export function ClickTargetFields({
  event,
  onChange,
  switchable = false,
}: {
  event: ClickEvent;
  onChange(event: ClickEvent): void;
  switchable?: boolean;
}) {
  const { t } = useT('designer');
  const config = event.config;
  // a device page without a device chosen yet reads as a page by id: the choice is held here
  const [kind, setKind] = useState(() => targetKind(config));
  const save = (next: ClickConfig) => onChange({ ...event, config: next });
  return (
    <>
      {switchable && (
        <Row label={t('cprops.slide-click')}>
          <Switch
            size="small"
            data-testid="target-enable"
            checked={event.enable}
            onChange={(enable) => onChange({ ...event, enable })}
          />
        </Row>
      )}
      {(!switchable || event.enable) && (
        <>
          <Row label={t('cprops.nav-action')}>
            <Select
              size="small"
              style={{ width: '100%' }}
              data-testid="target-kind"
              value={kind}
              onChange={(k: TargetKind) => {
                setKind(k);
                save(withTargetKind(config, k));
              }}
              options={(['page', 'equip', 'link'] as const).map((o) => ({
                value: o,
                label: t(`cprops.nav-${o}`),
              }))}
            />
          </Row>
          {kind === 'link' && (
            <Row label={t('cprops.link')}>
              <CommitText
                testId="target-link"
                value={config.link}
                placeholder="https://"
                onCommit={(link) => save({ ...config, link })}
              />
            </Row>
          )}
          {kind === 'page' && (
            <Row label={t('cprops.page-id')}>
              <CommitText
                testId="target-page-id"
                value={config.pageId}
                onCommit={(pageId) => save({ ...config, pageId })}
              />
            </Row>
          )}
          {kind === 'equip' && <DevicePagePicker config={config} onChange={save} testIdPrefix="target" />}
          <Row label={t('cprops.new-window')}>
            <Switch
              size="small"
              checked={config.target === '_blank'}
              onChange={(v) => save({ ...config, target: v ? '_blank' : '_self' })}
            />
          </Row>
        </>
      )}
    </>
  );
}
