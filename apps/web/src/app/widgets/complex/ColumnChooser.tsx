/**
 * The "columns" button of a history report table (docs/requirements/widgets.md §4.8): a tick list
 * of the table's columns; what the reader unticks is hidden for the session (columnChoice.ts).
 */
import { Button, Checkbox, Popover } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useT } from '../../useT';
import { hiddenAfter, type ChoosableColumn } from './columnChoice';

export function ColumnChooser({
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
