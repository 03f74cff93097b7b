/**
 * The data source of a history table, line or area chart (data tab): its signals, or one report
 * of a device — the device, the report (the device configuration's report list) and which report
 * items (variable and aggregation) to show, each with an alias and, for charts, a colour. The
 * report is stored in `reportId`, the items in `reportSignalArray`.
 */
import { useState, type ReactNode } from 'react';
import { Checkbox, Segmented, Select, Typography } from 'antd';
import { textUnder, useT } from '../../../app/useT';
import type { ReportRow } from '@fieldhub/shared';
import { CHART_THEME, type SignalRef, type Widget } from '@fieldhub/hmi';
import { useConfigList } from '../../../app/config/useConfig';
import { useEquipments } from '../../../app/signals/useSignals';
import { aggregationOf, reportItemKey, reportItemRefs } from '../../../app/widgets/complex/reportData';
import { str } from '../../../app/widgets/styleOf';
import { ColorField, CommitText, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';

type Source = 'variables' | 'report';

const patchData = (editor: WidgetEditor, data: Record<string, unknown>) =>
  editor.patch({ data: { ...editor.widget.data, ...data } as Widget['data'] });

/**
 * Variables (`variables`, today's signal list) or a device report: by default the report of
 * `reportId` and its items in `reportSignalArray` (ReportChoice); a widget drawing report items
 * on axes gives its own `report` part, whether it reads one (`reading`) and what going back to
 * variables clears (`cleared`).
 */
export function DataSourceChoice({
  editor,
  pageEquipId,
  variables,
  report,
}: {
  editor: WidgetEditor;
  pageEquipId: string | undefined;
  variables: ReactNode;
  report?: { part: ReactNode; reading: boolean; cleared: Record<string, unknown> };
}) {
  const { t } = useT('designer');
  const w = editor.widget;
  const reportId = str((w.data as Record<string, unknown>)['reportId'], '');
  const reading = report ? report.reading : !!reportId;
  // a report stays chosen as the source while its device and report are being picked
  const [source, setSource] = useState<Source>(reading ? 'report' : 'variables');
  const choose = (next: Source) => {
    setSource(next);
    // back to variables: the report and its items are dropped, the signals read again
    if (next !== 'variables') return;
    if (report) patchData(editor, report.cleared);
    else if (reportId || w.data.reportSignalArray.length)
      patchData(editor, { reportId: '', reportSignalArray: [] });
  };
  return (
    <>
      <Row label={t('cprops.data-source')}>
        <Segmented<Source>
          size="small"
          block
          value={source}
          onChange={choose}
          data-testid="data-source"
          options={[
            { value: 'variables', label: t('cprops.source-variables') },
            { value: 'report', label: t('cprops.source-report') },
          ]}
        />
      </Row>
      {source === 'variables'
        ? variables
        : (report?.part ?? <ReportChoice editor={editor} pageEquipId={pageEquipId} />)}
    </>
  );
}

/**
 * The device whose reports are offered (the first item's, else the page's own), its title, and
 * its select row; `onPick` runs after a new device is chosen.
 */
export function useReportDevice(
  first: string | undefined,
  pageEquipId: string | undefined,
  onPick: () => void,
) {
  const { t } = useT('designer');
  const equipments = useEquipments();
  const [equipId, setEquipId] = useState(first || pageEquipId || '');
  const equipTitle = equipments.data?.find((e) => String(e.id) === equipId)?.name ?? equipId;
  const row = (
    <Row label={t('cprops.report-device')}>
      <Select
        size="small"
        style={{ width: '100%' }}
        data-testid="report-device"
        loading={equipments.isPending}
        value={equipId || null}
        onChange={(id: string) => {
          setEquipId(id);
          onPick();
        }}
        options={(equipments.data ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
        showSearch
        optionFilterProp="label"
      />
    </Row>
  );
  return { equipId, equipTitle, row };
}

function ReportChoice({ editor, pageEquipId }: { editor: WidgetEditor; pageEquipId: string | undefined }) {
  const items = editor.widget.data.reportSignalArray;
  const { equipId, equipTitle, row } = useReportDevice(
    items.find((r) => r.equipId)?.equipId,
    pageEquipId,
    () => patchData(editor, { reportId: '', reportSignalArray: [] }),
  );
  return (
    <>
      {row}
      {equipId && <DeviceReports key={equipId} editor={editor} equipId={equipId} equipTitle={equipTitle} />}
    </>
  );
}

/** The device's reports and, of the chosen one, its items to show. */
function DeviceReports({
  editor,
  equipId,
  equipTitle,
}: {
  editor: WidgetEditor;
  equipId: string;
  equipTitle: string;
}) {
  const { t } = useT('designer');
  const reports = useConfigList({ equipmentId: Number(equipId) }, 'report');
  const w = editor.widget;
  const reportId = str((w.data as Record<string, unknown>)['reportId'], '');
  const report = reports.data?.find((r) => String(r.id) === reportId);
  return (
    <>
      <Row label={t('cprops.report')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          data-testid="report-select"
          loading={reports.isPending}
          value={reportId || null}
          notFoundContent={t('cprops.no-reports')}
          onChange={(id: string) => {
            const chosen = reports.data?.find((r) => String(r.id) === id);
            // every item of the report is shown until some are unticked
            patchData(editor, {
              reportId: id,
              reportSignalArray: chosen ? reportItemRefs(chosen, equipId, equipTitle) : [],
            });
          }}
          options={(reports.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
        />
      </Row>
      {report && <ReportItems editor={editor} report={report} equipId={equipId} equipTitle={equipTitle} />}
    </>
  );
}

function ReportItems({
  editor,
  report,
  equipId,
  equipTitle,
}: {
  editor: WidgetEditor;
  report: ReportRow;
  equipId: string;
  equipTitle: string;
}) {
  const { t } = useT('designer');
  const w = editor.widget;
  const colours = w.widgetType !== 'ComplexHistory';
  const chosen = w.data.reportSignalArray;
  const keyOf = (r: SignalRef) => reportItemKey(r.signalId, aggregationOf(r));
  const offered = reportItemRefs(report, equipId, equipTitle);
  const save = (next: SignalRef[]) => patchData(editor, { reportSignalArray: next });
  // ticking keeps the report's order and what was set on the items already chosen
  const toggle = (item: SignalRef, on: boolean) =>
    save(
      offered.flatMap((o) => {
        const kept = chosen.find((c) => keyOf(c) === keyOf(o));
        if (keyOf(o) === keyOf(item)) return on ? [kept ?? o] : [];
        return kept ? [kept] : [];
      }),
    );
  return (
    <div data-testid="report-items">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('cprops.report-items')}
      </Typography.Text>
      {offered.map((o) => {
        const current = chosen.find((c) => keyOf(c) === keyOf(o));
        const label = `${o.title} · ${textUnder(t, 'designer:complex.aggregation.', aggregationOf(o))}`;
        return (
          <div key={keyOf(o)} style={{ marginBottom: 4 }}>
            <Checkbox
              checked={!!current}
              data-testid={`report-item-${o.signalId}-${aggregationOf(o)}`}
              onChange={(e) => toggle(o, e.target.checked)}
            >
              {label}
            </Checkbox>
            {current && (
              <div style={{ display: 'flex', gap: 4, marginLeft: 24 }}>
                {colours && (
                  <ColorField
                    value={current.color || CHART_THEME[0]!}
                    onCommit={(v) =>
                      save(chosen.map((c) => (keyOf(c) === keyOf(o) ? { ...c, color: v } : c)))
                    }
                  />
                )}
                <div style={{ flex: 1, minWidth: 0 }}>
                  <CommitText
                    value={current.alias ?? ''}
                    placeholder={t('cprops.report-alias')}
                    onCommit={(v) =>
                      save(chosen.map((c) => (keyOf(c) === keyOf(o) ? { ...c, alias: v } : c)))
                    }
                  />
                </div>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
