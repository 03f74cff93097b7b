/** Style-tab settings of the script widgets (report, trend, bar; and the pie's, drawn as a chart). */
import { Input, Typography } from 'antd';
import { str } from '../../../../app/widgets/styleOf';
import type { WidgetEditor } from '../PropertyPanel';
import { read, section, useFields } from './complexFields';

/**
 * Script code and the parameter fields of docs/requirements/widgets.md §6.1 (offset, timeUnit, length, mode,
 * min, max).
 */
export function ScriptFields({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  const type = w.widgetType;
  const fixed = str(read(w, 'data', 'mode'), 'adapt') !== 'adapt';
  return (
    <>
      {section(t('cprops.script'))}
      <Input.TextArea
        key={`${w.id}-${str(read(w, 'data', 'script'), '')}`}
        data-testid="script-code"
        defaultValue={str(read(w, 'data', 'script'), '')}
        autoSize={{ minRows: 8, maxRows: 24 }}
        spellCheck={false}
        wrap="off"
        style={{
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          fontSize: 12,
          whiteSpace: 'pre',
          overflowX: 'auto',
        }}
        onBlur={(e) =>
          e.target.value !== str(read(w, 'data', 'script'), '') && f.set('data', 'script', e.target.value)
        }
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4 }}>
        {t('cprops.script-help')}
      </Typography.Paragraph>
      {f.number('data', 'offset', t('cprops.offset'), -1, -1000, 1000)}
      {f.select(
        'data',
        'timeUnit',
        t('cprops.time-unit'),
        'date',
        ['hour', 'date', 'week', 'month', 'year'],
        (o) => t(`cprops.unit-${o}`),
      )}
      {(type === 'ScriptReport' || type === 'ScriptBar') &&
        f.number('data', 'length', t('cprops.length'), 1, 1, 1000)}
      {(type === 'ScriptTrend' || type === 'ScriptBar') && (
        <>
          {f.select(
            'data',
            'mode',
            t('cprops.axis-mode'),
            'adapt',
            ['adapt', 'fixed'],
            (o) => t(`cprops.axis-${o}`),
            'script-axis-mode',
          )}
          {/* the bounds hold only on a fixed axis (chartOptions axisBounds) */}
          {fixed && f.number('data', 'min', t('props.min'), 0)}
          {fixed && f.number('data', 'max', t('props.max'), 100)}
        </>
      )}
    </>
  );
}
