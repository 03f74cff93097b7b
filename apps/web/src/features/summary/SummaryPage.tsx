import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Select,
  Skeleton,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '../../app/components/PageFrame';
import { buildGroupTree, type GroupNode } from '../../app/groups/groupTree';
import { useGroups } from '../../app/groups/useGroups';
import { can, useSession } from '../../app/session';
import { useT } from '../../app/useT';
import { KpiTiles } from './KpiTiles';
import { SummaryTrends } from './SummaryTrends';
import {
  SUMMARY_CHOSEN_MAX,
  SUMMARY_RANGE_MAX_DAYS,
  useRecompute,
  useSummaryHistory,
  useSummaryTotals,
  useSummaryVariables,
  type SummaryRange,
} from './useSummary';

type TreeOption = { value: number; title: string; children?: TreeOption[] };
const treeOptions = (nodes: GroupNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children && treeOptions(n.children) }));

const lastDays = (days: number): [Dayjs, Dayjs] => [dayjs().subtract(days, 'day').startOf('day'), dayjs()];

/**
 * /monitor/summary (docs/requirements/data-views.md §2.2): the enterprise totals and the tiles and
 * trends of chosen summary variables, by group, over a range; recomputing the range on demand.
 */
export default function SummaryPage() {
  const { t } = useT('summary');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [groupId, setGroupId] = useState<number | undefined>();
  const [dates, setDates] = useState<[Dayjs, Dayjs]>(() => lastDays(7));
  const [picked, setPicked] = useState<number[] | null>(null);
  const groups = useGroups();
  const totals = useSummaryTotals(groupId);
  const variables = useSummaryVariables(groupId);
  const rows = useMemo(() => variables.data ?? [], [variables.data]);

  // the first variables are shown until the user chooses; a choice outside the group is dropped
  const chosenIds = useMemo(() => {
    const known = new Set(rows.map((r) => r.id));
    return (picked ?? rows.slice(0, 4).map((r) => r.id)).filter((id) => known.has(id));
  }, [picked, rows]);
  const chosen = useMemo(() => rows.filter((r) => chosenIds.includes(r.id)), [rows, chosenIds]);
  const spanDays = dates[1].diff(dates[0], 'day', true);
  const rangeProblem = spanDays > SUMMARY_RANGE_MAX_DAYS ? t('range.too-long') : null;
  const range = useMemo<SummaryRange>(
    () => ({ start: dates[0].valueOf(), end: dates[1].valueOf() }),
    [dates],
  );
  const history = useSummaryHistory(chosenIds, rangeProblem ? null : range);
  const recompute = useRecompute();
  useEffect(() => setPicked(null), [groupId]);

  return (
    <PageFrame title={t('title')}>
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('filter.group')}>
          <TreeSelect
            allowClear
            style={{ width: 220 }}
            placeholder={t('filter.all-groups')}
            treeData={treeOptions(buildGroupTree(groups.data ?? []))}
            value={groupId}
            onChange={(v: number | undefined) => setGroupId(v ?? undefined)}
            treeDefaultExpandAll
            data-testid="summary-group"
          />
        </Form.Item>
        <Form.Item
          label={t('filter.range')}
          validateStatus={rangeProblem ? 'error' : undefined}
          help={rangeProblem ?? undefined}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            value={dates}
            onChange={(v) => v?.[0] && v[1] && setDates([v[0], v[1]])}
            presets={[
              { label: t('range.today'), value: [dayjs().startOf('day'), dayjs()] },
              { label: t('range.last-7-days'), value: lastDays(7) },
              { label: t('range.last-30-days'), value: lastDays(30) },
              {
                label: t('range.last-12-months'),
                value: [dayjs().subtract(12, 'month').startOf('month'), dayjs()],
              },
            ]}
            data-testid="summary-range"
          />
        </Form.Item>
      </Form>

      <KpiTiles totals={totals.data} loading={totals.isPending} />

      <Card
        size="small"
        style={{ marginTop: 16 }}
        title={t('filter.variables')}
        extra={
          <Tooltip title={t('recompute-hint')}>
            <Button
              icon={<ReloadOutlined />}
              disabled={!chosenIds.length || !!rangeProblem}
              loading={recompute.isPending}
              onClick={() => recompute.mutate({ ids: chosenIds, range })}
              data-testid="summary-recompute"
            >
              {t('recompute')}
            </Button>
          </Tooltip>
        }
      >
        {variables.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4} style={{ maxWidth: 640, margin: '0 auto' }}>
                <Typography.Text strong>
                  {t(groupId === undefined ? 'vars.empty-title' : 'vars.empty-group')}
                </Typography.Text>
                <Typography.Text type="secondary">{t('vars.empty-help')}</Typography.Text>
              </Flex>
            }
            data-testid="summary-empty"
          >
            {can(user, 'equipment_manage') && (
              <Button type="primary" onClick={() => void navigate('/manage/eg/equipment/list')}>
                {t('vars.go-devices')}
              </Button>
            )}
          </Empty>
        ) : (
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            placeholder={t('filter.variables-placeholder')}
            value={chosenIds}
            onChange={(ids: number[]) => setPicked(ids.slice(0, SUMMARY_CHOSEN_MAX))}
            maxCount={SUMMARY_CHOSEN_MAX}
            optionFilterProp="label"
            options={rows.map((r) => ({ value: r.id, label: `${r.equipmentName} · ${r.name}` }))}
            data-testid="summary-variables"
          />
        )}
      </Card>

      {rows.length > 0 &&
        (chosen.length ? (
          <SummaryTrends chosen={chosen} series={history.data} loading={history.isFetching} range={range} />
        ) : (
          <Empty description={t('vars.none-chosen')} style={{ marginTop: 24 }} />
        ))}
    </PageFrame>
  );
}
