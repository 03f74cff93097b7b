/**
 * What opening the page repaired (docs/requirements/pages-and-designer.md §2.6): widget props
 * stored with values of the wrong kind, reset to their type's defaults by `parsePage`. A closable
 * banner over the canvas names how many widgets and props, lists them on demand, and tells that the
 * stored page keeps the old values until it is saved.
 */
import { useMemo, useState } from 'react';
import { Table, Typography } from 'antd';
import { ClosableBanner } from '../../app/components/ClosableBanner';
import { findWidget, WIDGET_CATALOGUE, type PageDocument, type WidgetRepair } from '@fieldhub/hmi';
import type { Lang } from '@fieldhub/shared';
import { useLang, useT } from '../../app/useT';

/** One reset prop as the detail table lists it. */
interface ResetRow {
  key: string;
  widgetId: string;
  widgetLabel: string;
  path: string;
  before: string;
}

/**
 * The reset props, one row each, named after the widgets of the opened document (a widget without a
 * name by its type as the palette names it).
 */
function resetRows(doc: PageDocument, repairs: readonly WidgetRepair[], lang: Lang): ResetRow[] {
  return repairs.flatMap((r) => {
    const w = findWidget(doc, r.widgetId);
    const type = w && WIDGET_CATALOGUE.find((e) => e.type === w.widgetType);
    const typeLabel = type ? (lang === 'zh-CN' ? type.label.zh : type.label.en) : w?.widgetType;
    const widgetLabel = w?.widgetName || typeLabel || r.widgetId;
    return r.changes.map((c, i) => ({
      key: `${r.widgetId}/${i}`,
      widgetId: r.widgetId,
      widgetLabel,
      path: c.path,
      before: c.before,
    }));
  });
}

export function PropsResetNotice({ doc, repairs }: { doc: PageDocument; repairs: readonly WidgetRepair[] }) {
  const { t } = useT('designer');
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const rows = useMemo(() => resetRows(doc, repairs, lang), [doc, repairs, lang]);
  if (!rows.length) return null;
  return (
    <ClosableBanner
      type="warning"
      data-testid="props-reset-notice"
      // icon and close button by the first line, not the middle of an opened list
      style={{ alignItems: 'flex-start' }}
      message={
        <div>
          <span data-testid="props-reset-summary">
            {t('props-reset.summary', { widgets: repairs.length, props: rows.length })}{' '}
            {t('props-reset.save-note')}
          </span>{' '}
          <a data-testid="props-reset-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('props-reset.hide') : t('props-reset.show')}
          </a>
          {open && (
            <Table<ResetRow>
              data-testid="props-reset-details"
              size="small"
              style={{ marginTop: 6, maxWidth: 760 }}
              pagination={false}
              scroll={rows.length > 6 ? { y: 180 } : undefined}
              dataSource={rows}
              columns={[
                {
                  key: 'widget',
                  title: t('props-reset.col-widget'),
                  render: (_, row) => (
                    <span>
                      <Typography.Text strong>{row.widgetLabel}</Typography.Text>
                      {row.widgetLabel !== row.widgetId && (
                        <Typography.Text type="secondary"> ({row.widgetId})</Typography.Text>
                      )}
                    </span>
                  ),
                },
                {
                  key: 'prop',
                  title: t('props-reset.col-prop'),
                  render: (_, row) => <code>{row.path}</code>,
                },
                {
                  key: 'before',
                  title: t('props-reset.col-stored'),
                  render: (_, row) => (
                    <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                      {row.before}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          )}
        </div>
      }
    />
  );
}
