/**
 * The "columns" button of a history report table (docs/requirements/widgets.md §4.8): a tick list
 * of the table's columns; what the reader unticks is hidden for the session (columnChoice.ts).
 */
import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Popover } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useT } from '../../useT';
import type { Widget } from '@fieldhub/hmi';
import { chooserShown, hiddenAfter, type ChoosableColumn } from './columnChoice';

function ColumnChooser({
  columns,
  hidden,
  onHidden,
}: {
  columns: ChoosableColumn[];
  hidden: ReadonlySet<string>;
  onHidden(next: ReadonlySet<string>): void;
}) {
  const { t } = useT('designer');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Checkbox.Group
          data-testid="history-columns-list"
          style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 280, overflow: 'auto' }}
          value={columns.map((c) => c.key).filter((k) => !hidden.has(k))}
          onChange={(ticked) => onHidden(hiddenAfter(columns, ticked as string[]))}
          options={columns.map((c) => ({ value: c.key, label: c.label }))}
        />
      }
    >
      <Button size="small" icon={<TableOutlined />} data-testid="history-columns">
        {t('complex.history-columns')}
      </Button>
    </Popover>
  );
}

/**
 * The columns a table's reader hid, and its chooser for the table's toolbar (undefined when the
 * widget turns the button off or there is nothing to choose).
 */
export function useColumnChooser(
  widget: Widget,
  columns: ChoosableColumn[],
): { hidden: ReadonlySet<string>; chooser: ReactNode | undefined } {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const chooser =
    chooserShown(widget) && columns.length ? (
      <ColumnChooser columns={columns} hidden={hidden} onHidden={setHidden} />
    ) : undefined;
  return { hidden, chooser };
}
