import { useCallback, useState } from 'react';
import { DatePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../../app/useT';
import { HISTORY_RANGE_DETAIL, historyRangeProblem } from '@fieldhub/shared';
import { currentLang } from '../../../app/i18n';

/** A history time range in ms since the epoch. */
export interface TimeRange {
  start: number;
  end: number;
}

/** The last `hours` hours up to now. */
export const lastHours = (hours: number): TimeRange => {
  const end = Date.now();
  return { start: end - hours * 3_600_000, end };
};

/**
 * A range that means "the last `hours` hours" until the user picks one: while untouched, `range`
 * and `current()` end now, so a query made minutes after the screen opened still sees the newest
 * values.
 */
export function useRange(hours: number) {
  const [picked, setPicked] = useState<TimeRange | null>(null);
  const current = useCallback(() => picked ?? lastHours(hours), [picked, hours]);
  return { range: current(), picked, current, setRange: setPicked };
}

/**
 * The rule a range breaks (docs/requirements/monitoring.md §5.3: start before end, ≤ 30 days, not before
 * 1970), as text.
 */
export function rangeProblemText(range: TimeRange | null): string | null {
  if (!range) return null;
  const problem = historyRangeProblem(range.start, range.end);
  return problem ? HISTORY_RANGE_DETAIL[problem][currentLang()] : null;
}

/**
 * A start/end picker with the usual spans as presets; the rule the range breaks shows under it,
 * and the caller does not query while there is one.
 */
export function RangeField({
  value,
  onChange,
  testId,
}: {
  value: TimeRange;
  onChange(range: TimeRange): void;
  testId?: string;
}) {
  const { t } = useT('monitor');
  const problem = rangeProblemText(value);
  const preset = (label: string, hours: number) => ({
    label,
    value: () => [dayjs().subtract(hours, 'hour'), dayjs()] as [Dayjs, Dayjs],
  });
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowClear={false}
        status={problem ? 'error' : undefined}
        value={[dayjs(value.start), dayjs(value.end)]}
        presets={[
          preset(t('range.hour'), 1),
          preset(t('range.day'), 24),
          preset(t('range.week'), 24 * 7),
          preset(t('range.month'), 24 * 30),
        ]}
        onChange={(dates) => {
          if (dates?.[0] && dates[1]) onChange({ start: dates[0].valueOf(), end: dates[1].valueOf() });
        }}
        data-testid={testId}
      />
      {problem && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="range-problem">
          {problem}
        </Typography.Text>
      )}
    </span>
  );
}
