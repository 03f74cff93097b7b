import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Result,
  Segmented,
  Select,
  Space,
  Typography,
} from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  DATA_CENTER_INTERVALS,
  DATA_CENTER_MAX_VARIABLES,
  HISTORY_RANGE_DETAIL,
  historyRangeProblem,
  type SavedQuery,
} from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { currentLang } from '../../app/i18n';
import { useT } from '../../app/useT';
import { ExportButton } from './ExportButton';
import { ResultChart } from './ResultChart';
import { ResultTable } from './ResultTable';
import { SavedQueries } from './SavedQueries';
import { checkedVariables, variableKey } from './variableTree';
import { QUICK_RANGES, useDataCenterTree, useRange, type Asked, type Mode } from './useDataCenter';
import { VariablePicker } from './VariablePicker';

/**
 * The data center (/monitor/datacenter, docs/requirements/data-views.md §3): variables of any of
 * the caller's devices picked from a tree by group, a range of at most 30 days, raw values or
 * aggregates by interval, as a chart and a paged table; exports and saved queries.
 */
export default function DataCenterPage() {
  const { t } = useT('dataCenter');
  const tree = useDataCenterTree();
  const [checked, setChecked] = useState<string[]>([]);
  const { quick, range, current, chooseQuick, pick } = useRange('day');
  const [mode, setMode] = useState<Mode>('raw');
  const [interval, setInterval] = useState<number>(3600);
  const [asked, setAsked] = useState<Asked | null>(null);

  const variableIds = checkedVariables(checked);
  const rangeProblem = historyRangeProblem(range.start, range.end);
  const tooMany = variableIds.length > DATA_CENTER_MAX_VARIABLES;
  const search = () => setAsked({ variableIds, range: current(), mode, interval });
  const load = (s: SavedQuery) => {
    const q = s.query as Partial<{
      variableIds: number[];
      startTime: number;
      endTime: number;
      mode: Mode;
      interval: number;
    }>;
    setChecked((q.variableIds ?? []).map(variableKey));
    if (q.startTime !== undefined && q.endTime !== undefined) pick({ start: q.startTime, end: q.endTime });
    setMode(q.mode ?? 'raw');
    setInterval(q.interval ?? 3600);
    if (q.variableIds?.length && q.startTime !== undefined && q.endTime !== undefined)
      setAsked({
        variableIds: q.variableIds,
        range: { start: q.startTime, end: q.endTime },
        mode: q.mode ?? 'raw',
        interval: q.interval ?? 3600,
      });
  };

  if (tree.isError)
    return (
      <PageFrame title={t('title')}>
        <Result
          status="warning"
          title={t('error.title')}
          subTitle={tree.error.message}
          data-testid="datacenter-error"
        />
      </PageFrame>
    );

  return (
    <PageFrame title={t('title')} extra={<SavedQueries current={asked} onLoad={load} />}>
      <Flex gap={16} align="flex-start">
        <Card size="small" title={t('tree.title')} style={{ width: 300, flex: 'none' }}>
          <VariablePicker tree={tree.data} loading={tree.isPending} checked={checked} onCheck={setChecked} />
        </Card>
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
          <Flex wrap gap={12} align="flex-start">
            <Segmented
              value={quick ?? ''}
              onChange={(k) => chooseQuick(k as (typeof QUICK_RANGES)[number]['key'])}
              options={QUICK_RANGES.map((q) => ({ value: q.key, label: t(`range.${q.key}`) }))}
              data-testid="datacenter-quick"
            />
            <Space direction="vertical" size={2}>
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                allowClear={false}
                status={rangeProblem ? 'error' : undefined}
                value={[dayjs(range.start), dayjs(range.end)]}
                onChange={(d) => {
                  if (d?.[0] && d[1]) pick({ start: d[0].valueOf(), end: d[1].valueOf() });
                }}
                data-testid="datacenter-range"
              />
              {rangeProblem && (
                <Typography.Text
                  type="danger"
                  style={{ fontSize: 12 }}
                  data-testid="datacenter-range-problem"
                >
                  {HISTORY_RANGE_DETAIL[rangeProblem][currentLang()]}
                </Typography.Text>
              )}
            </Space>
            <Segmented<Mode>
              value={mode}
              onChange={setMode}
              options={[
                { value: 'raw', label: t('mode.raw') },
                { value: 'aggregated', label: t('mode.aggregated') },
              ]}
              data-testid="datacenter-mode"
            />
            {mode === 'aggregated' && (
              <Select<number>
                style={{ width: 120 }}
                value={interval}
                onChange={setInterval}
                options={DATA_CENTER_INTERVALS.map((s) => ({ value: s, label: t(`interval.${s}`) }))}
                data-testid="datacenter-interval"
              />
            )}
            <Button
              type="primary"
              icon={<SearchOutlined />}
              disabled={!variableIds.length || !!rangeProblem || tooMany}
              onClick={search}
              data-testid="datacenter-search"
            >
              {t('common:search')}
            </Button>
            <ExportButton asked={asked} />
          </Flex>
          {asked ? (
            <>
              <Card size="small">
                <ResultChart asked={asked} />
              </Card>
              <ResultTable asked={asked} />
            </>
          ) : (
            <Card size="small">
              <Empty description={t('hint')} style={{ padding: '48px 0' }} data-testid="datacenter-hint" />
            </Card>
          )}
          {tree.data && !tree.data.devices.some((d) => d.variables.length) && (
            <Alert type="info" showIcon title={t('tree.no-variables')} />
          )}
        </Flex>
      </Flex>
    </PageFrame>
  );
}
