/**
 * The report source of the XY curve, the indicator diagram and the status timeline
 * (docs/requirements/widgets.md §4.7, §4.10, §4.11), in the data tab: a device, its report(s) and
 * the report items each axis draws. The curve reads one report (`reportId`): one X item and the
 * Y items; the diagram one report for X (`reportIdX`) and one for Y (`reportIdY`), an item each;
 * the timeline one report (`reportId`) and its status item (`reportSignal`). Items are stored as
 * refs with their aggregation in `signalArrayX` / `signalArrayY` / `reportSignal`.
 */
import { Select } from 'antd';
import type { ReportRow } from '@fieldhub/shared';
import { signalRefSchema, type SignalRef, type Widget } from '@fieldhub/hmi';
import { textUnder, useT } from '../../../../app/useT';
import { useConfigList } from '../../../../app/config/useConfig';
import { aggregationOf, reportItemKey, reportItemRefs } from '../../../../app/widgets/complex/reportData';
import { obj, str } from '../../../../app/widgets/styleOf';
import { Row } from '../fields';
import type { WidgetEditor } from '../PropertyPanel';
import { useReportDevice } from '../ReportSource';

type Loose = Record<string, unknown>;

const EMPTY_REF = { signalId: '', equipId: '', title: '', subTitle: '', alias: '' };
const keyOf = (r: SignalRef) => reportItemKey(r.signalId, aggregationOf(r));

/** Whether the widget draws report items, and what going back to variables clears. */
export function reportAxesSource(w: Widget): { reading: boolean; cleared: Loose } {
  const d = w.data as Loose;
  switch (w.widgetType) {
    case 'ComplexDiagram':
      return {
        reading: !!str(d['reportIdX'], '') || !!str(d['reportIdY'], ''),
        cleared: { reportIdX: '', reportIdY: '', signalArrayX: [], signalArrayY: [] },
      };
    case 'ComplexSection':
      return { reading: !!str(d['reportId'], ''), cleared: { reportId: '', reportSignal: EMPTY_REF } };
    default:
      return {
        reading: !!str(d['reportId'], ''),
        cleared: { reportId: '', signalArrayX: [], signalArrayY: [] },
      };
  }
}

/** A report select and, below it, its items to pick (one or several). */
function ReportAxis({
  equipId,
  equipTitle,
  reportLabel,
  reportId,
  onReport,
  itemLabel,
  chosen,
  multiple,
  onItems,
  testId,
}: {
  equipId: string;
  equipTitle: string;
  /** absent: the report is chosen above (the curve's Y items are of the X item's report) */
  reportLabel?: string;
  reportId: string;
  onReport?(id: string): void;
  itemLabel: string;
  chosen: SignalRef[];
  multiple: boolean;
  onItems(next: SignalRef[]): void;
  testId: string;
}) {
  const { t } = useT('designer');
  const reports = useConfigList({ equipmentId: Number(equipId) }, 'report');
  const report: ReportRow | undefined = reports.data?.find((r) => String(r.id) === reportId);
  const offered = report ? reportItemRefs(report, equipId, equipTitle) : [];
  const label = (r: SignalRef) =>
    `${r.title} · ${textUnder(t, 'designer:complex.aggregation.', aggregationOf(r))}`;
  // a re-picked item keeps the alias and colour it had
  const pick = (keys: string[]) =>
    onItems(
      keys.flatMap((k) => {
        const item = chosen.find((c) => keyOf(c) === k) ?? offered.find((o) => keyOf(o) === k);
        return item ? [item] : [];
      }),
    );
  return (
    <>
      {reportLabel && (
        <Row label={reportLabel}>
          <Select
            size="small"
            style={{ width: '100%' }}
            data-testid={`${testId}-report`}
            loading={reports.isPending}
            value={reportId || null}
            notFoundContent={t('cprops.no-reports')}
            onChange={onReport}
            options={(reports.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          />
        </Row>
      )}
      {report && (
        <Row label={itemLabel}>
          <Select
            size="small"
            style={{ width: '100%' }}
            data-testid={`${testId}-items`}
            mode={multiple ? 'multiple' : undefined}
            value={multiple ? chosen.map(keyOf) : (chosen[0] && keyOf(chosen[0])) || null}
            onChange={(v: string | string[]) => pick(Array.isArray(v) ? v : [v])}
            options={offered.map((o) => ({ value: keyOf(o), label: label(o) }))}
          />
        </Row>
      )}
    </>
  );
}

/** The data tab's report part of an XY curve, indicator diagram or status timeline. */
export function ReportAxesChoice({
  editor,
  pageEquipId,
}: {
  editor: WidgetEditor;
  pageEquipId: string | undefined;
}) {
  const { t } = useT('designer');
  const w = editor.widget;
  const d = w.data as Loose;
  const type = w.widgetType;
  const section = signalRefSchema.parse(obj(d['reportSignal']));
  const patch = (data: Loose) => editor.patch({ data: { ...w.data, ...data } as Widget['data'] });
  const first = [...w.data.signalArrayX, ...w.data.signalArrayY, section].find((r) => r.equipId)?.equipId;
  const { equipId, equipTitle, row } = useReportDevice(first, pageEquipId, () =>
    patch(reportAxesSource(w).cleared),
  );
  const axis = { equipId, equipTitle };
  if (!equipId) return row;
  if (type === 'ComplexSection') {
    return (
      <>
        {row}
        <ReportAxis
          {...axis}
          testId="section"
          reportLabel={t('cprops.report')}
          reportId={str(d['reportId'], '')}
          onReport={(id) => patch({ reportId: id, reportSignal: EMPTY_REF })}
          itemLabel={t('cprops.report-status-item')}
          chosen={section.signalId ? [section] : []}
          multiple={false}
          onItems={(next) => patch({ reportSignal: next[0] ?? EMPTY_REF })}
        />
      </>
    );
  }
  const diagram = type === 'ComplexDiagram';
  const xReport = str(d[diagram ? 'reportIdX' : 'reportId'], '');
  const yReport = str(d[diagram ? 'reportIdY' : 'reportId'], '');
  return (
    <>
      {row}
      <ReportAxis
        {...axis}
        testId="xy-x"
        reportLabel={diagram ? t('cprops.report-x') : t('cprops.report')}
        reportId={xReport}
        onReport={(id) =>
          patch(
            diagram
              ? { reportIdX: id, signalArrayX: [] }
              : { reportId: id, signalArrayX: [], signalArrayY: [] },
          )
        }
        itemLabel={t('cprops.report-x-item')}
        chosen={w.data.signalArrayX}
        multiple={false}
        onItems={(next) => patch({ signalArrayX: next })}
      />
      {diagram ? (
        <ReportAxis
          {...axis}
          testId="xy-y"
          reportLabel={t('cprops.report-y')}
          reportId={yReport}
          onReport={(id) => patch({ reportIdY: id, signalArrayY: [] })}
          itemLabel={t('cprops.report-y-items')}
          chosen={w.data.signalArrayY}
          multiple={false}
          onItems={(next) => patch({ signalArrayY: next })}
        />
      ) : (
        xReport && (
          <ReportAxis
            {...axis}
            testId="xy-y"
            reportId={xReport}
            itemLabel={t('cprops.report-y-items')}
            chosen={w.data.signalArrayY}
            multiple
            onItems={(next) => patch({ signalArrayY: next })}
          />
        )
      )}
    </>
  );
}
