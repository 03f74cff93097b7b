import { useMemo } from 'react';
import { Col, Divider, Form, Row, Select, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SUMMARY_AGGREGATIONS, SUMMARY_PERIODS, summaryCalls, type SummarySourceRow } from '@fieldhub/shared';
import { callApi } from '../request';
import { useT } from '../useT';

/** The variables a summary may aggregate, across the enterprise's devices the caller may see. */
export function useSummarySources(enabled: boolean) {
  return useQuery({
    queryKey: ['summary', 'sources'],
    queryFn: () => callApi(summaryCalls.sources, undefined, { silent: true }),
    enabled,
    staleTime: 30_000,
  });
}

/** Source options grouped by device, each labelled `device · variable (unit)`. */
function groupedOptions(rows: readonly SummarySourceRow[], selfId: number | undefined) {
  const byDevice = new Map<number, { label: string; options: { value: number; label: string }[] }>();
  for (const r of rows) {
    if (r.id === selfId) continue;
    let group = byDevice.get(r.equipmentId);
    if (!group) byDevice.set(r.equipmentId, (group = { label: r.equipmentName, options: [] }));
    group.options.push({
      value: r.id,
      label: `${r.equipmentName} · ${r.name}${r.unit ? ` (${r.unit})` : ''}`,
    });
  }
  return [...byDevice.values()];
}

/**
 * The fields of a data summary variable (docs/requirements/data-views.md §2.1) in the variable
 * editor: its sources from any device of the enterprise, the aggregation and the period.
 */
export function SummaryFields({
  rule,
  selfId,
}: {
  rule: (field: string) => FormRule[];
  /** the variable being edited (not a source of itself) */
  selfId: number | undefined;
}) {
  const { t } = useT('summary');
  const sources = useSummarySources(true);
  const options = useMemo(() => groupedOptions(sources.data ?? [], selfId), [sources.data, selfId]);
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('field.section')}
      </Divider>
      <Form.Item
        name="summarySources"
        label={t('field.sources')}
        rules={rule('summarySources')}
        required
        extra={t('field.sources-help')}
        validateStatus={sources.isError ? 'error' : undefined}
        help={sources.isError ? t('field.sources-load-failed') : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          loading={sources.isPending}
          options={options}
          optionFilterProp="label"
          placeholder={t('field.sources-placeholder')}
          notFoundContent={sources.isPending ? undefined : t('field.no-sources')}
          maxTagCount="responsive"
          data-testid="variable-summarySources"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="summaryAggregation"
            label={t('field.aggregation')}
            rules={rule('summaryAggregation')}
            required
          >
            <Select
              options={SUMMARY_AGGREGATIONS.map((a) => ({ value: a, label: t(`aggregation.${a}`) }))}
              data-testid="variable-summaryAggregation"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="summaryPeriod" label={t('field.period')} rules={rule('summaryPeriod')} required>
            <Select
              options={SUMMARY_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
              data-testid="variable-summaryPeriod"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
