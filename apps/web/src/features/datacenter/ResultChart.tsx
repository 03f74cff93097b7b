import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Typography } from 'antd';
import { dataCenterCalls } from '@fieldhub/shared';
import { curveBase, useEChart } from '../../app/echarts';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';
import { callBody, type Asked } from './useDataCenter';

/** The chart of the asked query: raw values downsampled by the server, or each bucket's average. */
export function ResultChart({ asked }: { asked: Asked }) {
  const { t } = useT('dataCenter');
  const { ref, chart } = useEChart();
  const curve = useQuery({
    queryKey: ['datacenter', 'chart', asked],
    queryFn: () =>
      callApi(dataCenterCalls.chart, {
        ...callBody(asked),
        width: Math.max(100, Math.min(4000, ref.current?.clientWidth ?? 1000)),
      }),
    staleTime: Infinity,
  });
  const empty = !!curve.data && curve.data.series.every((s) => !s.points.length);

  useEffect(() => {
    if (!chart || !curve.data) return;
    chart.setOption(
      {
        ...curveBase(
          curve.data.series.map((s) => ({
            name: `${s.device} / ${s.name}${s.unit ? ` (${s.unit})` : ''}`,
            data: s.points,
          })),
        ),
        xAxis: { type: 'time', min: curve.data.from, max: curve.data.to },
        dataZoom: [
          { type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: 'ctrl' },
          { type: 'slider', xAxisIndex: 0, bottom: 8, height: 20 },
        ],
      },
      { notMerge: true },
    );
  }, [chart, curve.data]);

  return (
    <Spin spinning={curve.isFetching}>
      <div style={{ position: 'relative' }}>
        <div
          ref={ref}
          style={{ height: 320, visibility: empty ? 'hidden' : 'visible' }}
          data-testid="datacenter-chart"
        />
        {empty && (
          <Empty
            style={{ position: 'absolute', inset: 0, paddingTop: 100, margin: 0 }}
            description={t('chart.empty')}
          />
        )}
      </div>
      {curve.data?.truncated && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('chart.truncated')}
        </Typography.Text>
      )}
    </Spin>
  );
}
