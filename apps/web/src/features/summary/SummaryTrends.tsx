import { useEffect, useMemo } from 'react';
import { Card, Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import type { SummarySeries, SummaryVariableRow } from '@fieldhub/shared';
import { curveBase, useEChart } from '../../app/echarts';
import { useT } from '../../app/useT';
import type { SummaryRange } from './useSummary';

// antd's Statistic cuts the digits beyond its precision: round first
const rounded = (value: number, decimals: number) => Number(value.toFixed(decimals));

const FORMAT = { hour: 'MM-DD HH:00', day: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

/** Name of a summary variable as the legend and tiles show it. */
const label = (v: SummaryVariableRow) => `${v.equipmentName} · ${v.name}${v.unit ? ` (${v.unit})` : ''}`;

/** One summary variable: its latest period's value and the range's total (sum, count) or average. */
function VariableTile({ v, series }: { v: SummaryVariableRow; series: SummarySeries | undefined }) {
  const { t } = useT('summary');
  const points = series?.points ?? [];
  const last = points.at(-1);
  const adds = v.aggregation === 'sum' || v.aggregation === 'count';
  const over = points.length ? points.reduce((a, [, y]) => a + y, 0) / (adds ? 1 : points.length) : null;
  const decimals = v.aggregation === 'count' ? 0 : v.decimals;
  return (
    <Card size="small" data-testid={`summary-tile-${v.id}`} style={{ height: '100%' }}>
      <Typography.Text strong ellipsis style={{ display: 'block' }}>
        {v.name}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
        {t('vars.device', { name: v.equipmentName })} ·{' '}
        {t('vars.definition', {
          aggregation: t(`aggregation.${v.aggregation}`),
          per: t(`per.${v.period}`),
          n: v.sourceCount,
        })}
      </Typography.Text>
      {last ? (
        <Row gutter={8} style={{ marginTop: 8 }}>
          <Col span={12}>
            <Statistic
              title={`${t('tile.latest')} ${dayjs(last[0]).format(FORMAT[v.period])}`}
              value={rounded(last[1], decimals)}
              precision={decimals}
              suffix={v.unit}
              data-testid={`summary-tile-latest-${v.id}`}
            />
          </Col>
          <Col span={12}>
            <Statistic
              title={t(adds ? 'tile.range-total' : 'tile.range-avg')}
              value={rounded(over ?? 0, decimals)}
              precision={decimals}
              suffix={v.unit}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('tile.periods', { n: points.length })}
            </Typography.Text>
          </Col>
        </Row>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {t('tile.no-data')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** Tiles and one trend chart of the chosen summary variables over the range. */
export function SummaryTrends(props: {
  chosen: SummaryVariableRow[];
  series: SummarySeries[] | undefined;
  loading: boolean;
  range: SummaryRange;
}) {
  const { chosen, series, loading, range } = props;
  const { t } = useT('summary');
  const { ref, chart } = useEChart();
  const byId = useMemo(() => new Map((series ?? []).map((s) => [s.variableId, s])), [series]);
  const empty = !loading && chosen.every((v) => !byId.get(v.id)?.points.length);

  useEffect(() => {
    if (!chart) return;
    chart.setOption(
      {
        ...curveBase(chosen.map((v) => ({ name: label(v), data: byId.get(v.id)?.points ?? [] }))),
        xAxis: { type: 'time', min: range.start, max: range.end },
      },
      { notMerge: true },
    );
  }, [chart, chosen, byId, range]);

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }} data-testid="summary-tiles">
        {chosen.map((v) => (
          <Col key={v.id} xs={24} md={12} xl={8} xxl={6}>
            <VariableTile v={v} series={byId.get(v.id)} />
          </Col>
        ))}
      </Row>
      <Card size="small" title={t('chart.title')} style={{ marginTop: 16 }}>
        <Spin spinning={loading}>
          <div style={{ position: 'relative' }}>
            <div ref={ref} style={{ height: 340 }} data-testid="summary-chart" />
            {empty && (
              <Empty
                description={t('chart.empty')}
                style={{
                  position: 'absolute',
                  inset: 0,
                  paddingTop: 96,
                  background: 'rgba(255,255,255,0.85)',
                }}
                data-testid="summary-chart-empty"
              />
            )}
          </div>
        </Spin>
      </Card>
    </>
  );
}
