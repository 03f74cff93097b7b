import { memo } from 'react';
import type { DesignerSettings, Widget } from '@fieldhub/hmi';
import { WidgetView } from '../../../app/widgets/WidgetView';

interface WidgetLayerProps {
  widgets: readonly Widget[];
  /** a widget being resized or rotated, drawn in its live shape until the gesture commits */
  live: Widget | null;
  dataTextShow: DesignerSettings['dataTextShow'];
  preview: boolean;
}

/** Every widget of the page in paint order, each keyed and memoized by its id and object. */
export const WidgetLayer = memo(function WidgetLayer({
  widgets,
  live,
  dataTextShow,
  preview,
}: WidgetLayerProps) {
  return (
    <>
      {widgets.map((w) => (
        <WidgetView
          key={w.id}
          widget={live && live.id === w.id ? live : w}
          dataTextShow={dataTextShow}
          preview={preview}
        />
      ))}
    </>
  );
});
