/**
 * The style tab: name, position, size and rotation, then the fields of the widget's type
 * (widgetFields.tsx).
 */
import { Typography } from 'antd';
import { useT } from '../../../app/useT';
import { CommitNumber, CommitText, Row } from './fields';
import type { WidgetEditor } from './PropertyPanel';
import { WIDGET_FIELDS } from './widgetFields';

function Geometry({ editor }: { editor: WidgetEditor }) {
  const { t } = useT('designer');
  const p = editor.widget.position;
  const locked = editor.locked;
  return (
    <>
      <div className="fh-prop-section">{t('props.geometry')}</div>
      <div className="fh-prop-grid">
        <CommitNumber
          testId="prop-x"
          addonBefore="X"
          value={p.x}
          disabled={locked}
          onCommit={(x) => editor.moveTo(x, p.y)}
        />
        <CommitNumber
          testId="prop-y"
          addonBefore="Y"
          value={p.y}
          disabled={locked}
          onCommit={(y) => editor.moveTo(p.x, y)}
        />
        <CommitNumber
          testId="prop-width"
          addonBefore={t('props.w')}
          value={p.width}
          min={2}
          disabled={locked}
          onCommit={(w) => editor.resizeTo(w, p.height)}
        />
        <CommitNumber
          testId="prop-height"
          addonBefore={t('props.h')}
          value={p.height}
          min={2}
          disabled={locked}
          onCommit={(h) => editor.resizeTo(p.width, h)}
        />
        <CommitNumber
          testId="prop-rotate"
          addonBefore="∠"
          value={p.rotate}
          min={0}
          max={359}
          disabled={locked}
          onCommit={(r) => editor.rotateTo(r)}
        />
      </div>
      {locked && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {t('props.locked-help')}
        </Typography.Text>
      )}
    </>
  );
}

export function StyleSection({ editor }: { editor: WidgetEditor }) {
  const { t } = useT('designer');
  const w = editor.widget;
  const { Fields } = WIDGET_FIELDS[w.widgetType];
  return (
    <div data-testid="prop-style">
      <Row label={t('props.name')}>
        <CommitText
          testId="prop-name"
          value={w.widgetName}
          onCommit={(v) => editor.patch({ widgetName: v })}
        />
      </Row>
      <Geometry editor={editor} />
      <div className="fh-prop-section">{t('props.style')}</div>
      <Fields editor={editor} />
    </div>
  );
}
