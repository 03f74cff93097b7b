/**
 * The toolbar of the history, report and alarm tables: the time filter (data.filterTime) and the
 * .xlsx export (data.exportExcel), each shown unless the widget turns it off, and a table's column
 * chooser when it has one. The export is the caller's file call, made at the moment of the click
 * (the range as it is then).
 */
import type { ReactNode } from 'react';
import { Button, DatePicker, Flex } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { Widget } from '@fieldhub/hmi';
import { exportFileName } from '../../downloadNames';

type Loose = Record<string, unknown>;

export interface TableExport {
  /** whether there is anything to export */
  enabled: boolean;
  /**
   * Saves the file under `name` (when clicked), its times written at the reader's offset from UTC
   * (`utcOffsetMinutes`).
   */
  save(name: string, utcOffsetMinutes: number): Promise<void>;
  /** the file's name before its date (a translated word) */
  fileName: string;
  label: string;
  testId?: string;
}

export function TableToolbar({
  widget,
  range,
  onRange,
  exporting,
  chooser,
}: {
  widget: Widget;
  range: [Dayjs, Dayjs] | null;
  onRange(range: [Dayjs, Dayjs] | null): void;
  /** null: the table has no export */
  exporting: TableExport | null;
  /** the column chooser, for the tables that have one (ColumnChooser) */
  chooser?: ReactNode;
}) {
  const d = widget.data as Loose;
  const filter = d['filterTime'] !== false;
  const exportShown = exporting !== null && d['exportExcel'] !== false;
  if (!filter && !exportShown && !chooser) return null;
  return (
    <Flex gap={8} wrap style={{ padding: 8 }}>
      {filter && (
        <DatePicker.RangePicker
          size="small"
          showTime
          value={range}
          onChange={(v) => onRange(v as [Dayjs, Dayjs] | null)}
        />
      )}
      {exportShown && (
        <Button
          size="small"
          icon={<ExportOutlined />}
          disabled={!exporting.enabled}
          data-testid={exporting.testId}
          onClick={() => {
            void exporting
              .save(exportFileName(exporting.fileName, new Date()), -new Date().getTimezoneOffset())
              .catch(() => undefined);
          }}
        >
          {exporting.label}
        </Button>
      )}
      {chooser}
    </Flex>
  );
}
