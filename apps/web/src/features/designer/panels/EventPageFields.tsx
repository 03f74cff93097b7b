/**
 * Where a click event leads (docs/requirements/pages-and-designer.md §8.2, §8.4): a page picked from the
 * pages of this page's owner (the project's, the device's or the template's pages, by
 * `configuration/page/query`) or a device's page (device, then one of its pages), opened in the same
 * window, a new window or a popup of a size and position, with or without its title; and the popup
 * fields an iframe click shares.
 */
import { useState } from 'react';
import { Select, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { pagesCalls, type PageOwnerKind } from '@fieldhub/shared';
import { clickConfigSchema, type ClickConfig } from '@fieldhub/hmi';
import { useT } from '../../../app/useT';
import { callApi } from '../../../app/request';
import { useEquipments } from '../../../app/signals/useSignals';
import { CommitNumber, Row } from './fields';

/** The owner of the page being designed: its pages are the ones a click offers first. */
export interface PageOwnerRef {
  kind: PageOwnerKind;
  id: string;
}

type Save = (patch: Partial<ClickConfig>) => void;

const TARGETS = ['_self', '_blank', 'window'] as const;

/** The pages of an owner, by seq (empty while the owner is unknown). */
function useOwnerPages(kind: PageOwnerKind, id: string) {
  return useQuery({
    queryKey: ['designer', 'owner-pages', kind, id],
    queryFn: () => callApi(pagesCalls.list, { ownerKind: kind, ownerId: Number(id) }),
    enabled: !!id,
    staleTime: 30_000,
  });
}

/**
 * A device (of those the designer may bind), then one of its pages: the config's page reference
 * (`page.equipId`, `equipPageId`, `equipTitle`) and the page's title.
 */
export function DevicePagePicker({
  config,
  onChange,
  testIdPrefix = 'event',
}: {
  config: ClickConfig;
  onChange(config: ClickConfig): void;
  testIdPrefix?: string;
}) {
  const { t } = useT('designer');
  const equipments = useEquipments();
  const { equipId, equipPageId } = config.page;
  const pages = useOwnerPages('equipment', equipId);
  const titleOf = (id: string) => equipments.data?.find((e) => String(e.id) === id)?.name ?? '';
  return (
    <>
      <Row label={t('event.device')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          showSearch
          optionFilterProp="label"
          data-testid={`${testIdPrefix}-device`}
          loading={equipments.isPending}
          value={equipId || undefined}
          placeholder={t('event.device-pick')}
          onChange={(id: string) =>
            onChange({
              ...config,
              pageId: '',
              pageTitle: '',
              page: { ...config.page, type: 'equip', equipId: id, equipPageId: '', equipTitle: titleOf(id) },
            })
          }
          options={(equipments.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
        />
      </Row>
      <Row label={t('event.page')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid={`${testIdPrefix}-device-page`}
          disabled={!equipId}
          loading={pages.isFetching}
          value={equipPageId || undefined}
          placeholder={t('event.page-pick')}
          onChange={(id: string) =>
            onChange({
              ...config,
              pageTitle: pages.data?.find((p) => String(p.id) === id)?.name ?? '',
              page: { ...config.page, equipPageId: id },
            })
          }
          options={(pages.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
        />
      </Row>
    </>
  );
}

/** One side of a NumberPair. */
interface NumberSide {
  value: number;
  prefix: string;
  testId: string;
  min?: number;
  max?: number;
  onCommit(value: number): void;
}

/** Two numbers side by side under one label (width and height, x and y, min and max). */
export function NumberPair({ label, sides }: { label: string; sides: [NumberSide, NumberSide] }) {
  return (
    <Row label={label}>
      <Space.Compact>
        {sides.map((side) => (
          <CommitNumber
            key={side.testId}
            value={side.value}
            min={side.min}
            max={side.max}
            addonBefore={side.prefix}
            testId={side.testId}
            onCommit={side.onCommit}
          />
        ))}
      </Space.Compact>
    </Row>
  );
}

/** The popup's size, position (or centred) and title switch. */
export function PopupFields({ config, save }: { config: ClickConfig; save: Save }) {
  const { t } = useT('designer');
  const w = config.window;
  const setWindow = (patch: Partial<ClickConfig['window']>) => save({ window: { ...w, ...patch } });
  return (
    <>
      <NumberPair
        label={t('event.popup-size')}
        sides={[
          {
            value: w.width,
            min: 50,
            max: 4000,
            prefix: 'W',
            testId: 'event-popup-width',
            onCommit: (width) => setWindow({ width }),
          },
          {
            value: w.height,
            min: 50,
            max: 4000,
            prefix: 'H',
            testId: 'event-popup-height',
            onCommit: (height) => setWindow({ height }),
          },
        ]}
      />
      <Row label={t('event.popup-centered')}>
        <Switch
          size="small"
          data-testid="event-popup-centered"
          checked={w.centered}
          onChange={(centered) => setWindow({ centered })}
        />
      </Row>
      {!w.centered && (
        <NumberPair
          label={t('event.popup-position')}
          sides={[
            {
              value: w.left,
              min: 0,
              prefix: 'X',
              testId: 'event-popup-x',
              onCommit: (left) => setWindow({ left }),
            },
            {
              value: w.top,
              min: 0,
              prefix: 'Y',
              testId: 'event-popup-y',
              onCommit: (top) => setWindow({ top }),
            },
          ]}
        />
      )}
      <Row label={t('event.title-show')}>
        <Switch
          size="small"
          data-testid="event-title-show"
          checked={config.titleShow}
          onChange={(titleShow) => save({ titleShow })}
        />
      </Row>
    </>
  );
}

/** The page picker and the target of a page-jump click. */
export function PageTargetFields({
  config,
  save,
  owner,
}: {
  config: ClickConfig;
  save: Save;
  owner: PageOwnerRef;
}) {
  const { t } = useT('designer');
  const pages = useOwnerPages(owner.kind, owner.id);
  const picked: 'own' | 'equip' = config.pageId || !config.page.equipId ? 'own' : 'equip';
  const [source, setSource] = useState<'own' | 'equip'>(picked);
  const shown = config.pageId || config.page.equipId ? picked : source;
  const emptyRef = clickConfigSchema.parse({}).page;
  return (
    <>
      <Row label={t('event.page-source')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid="event-page-source"
          value={shown}
          onChange={(next: 'own' | 'equip') => {
            setSource(next);
            save({ pageId: '', pageTitle: '', page: { ...emptyRef, type: 'equip' } });
          }}
          options={[
            { value: 'own', label: t(`event.source-own-${owner.kind}`) },
            { value: 'equip', label: t('event.source-equip') },
          ]}
        />
      </Row>
      {shown === 'own' ? (
        <Row label={t('event.page')}>
          <Select
            size="small"
            style={{ width: '100%' }}
            showSearch
            optionFilterProp="label"
            data-testid="event-page"
            loading={pages.isFetching}
            value={config.pageId || undefined}
            placeholder={t('event.page-pick')}
            onChange={(id: string) =>
              save({
                pageId: id,
                pageTitle: pages.data?.find((p) => String(p.id) === id)?.name ?? '',
                page: emptyRef,
              })
            }
            options={(pages.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          />
        </Row>
      ) : (
        <DevicePagePicker config={config} onChange={save} />
      )}
      <Row label={t('event.target')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid="event-target"
          value={config.target}
          onChange={(target) => save({ target })}
          options={TARGETS.map((v) => ({ value: v, label: t(`event.target-${v}`) }))}
        />
      </Row>
      {config.target === 'window' && <PopupFields config={config} save={save} />}
    </>
  );
}
