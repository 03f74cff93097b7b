/**
 * The widget's authorisation regions on a project page (docs/requirements/pages-and-designer.md
 * §7.4, organisations-roles-permissions.md §5.3): titles an account's authRegion must name for
 * the widget to be shown to it; none = shown to everyone. The viewer and the server enforce them.
 * The titles already used on the page are offered; a new title is typed.
 */
import { useMemo } from 'react';
import { Select, Typography } from 'antd';
import { regionTitles, type PageDocument } from '@fieldhub/hmi';
import { useT } from '../../../app/useT';
import type { WidgetEditor } from './PropertyPanel';

/** Longest region title, as an account's authRegion list holds them. */
const REGION_MAX = 50;

/** Every region title used by the page's widgets, sorted. */
export function pageRegions(doc: PageDocument): string[] {
  return [...new Set(doc.widgets.flatMap((w) => w.authRegion))].sort((a, b) => a.localeCompare(b));
}

/** The titles typed or picked: trimmed, split at commas, without empty or repeated ones. */
export function cleanRegions(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => regionTitles(v)).map((v) => v.slice(0, REGION_MAX)))];
}

export function RegionSection({ editor, doc }: { editor: WidgetEditor; doc: PageDocument }) {
  const { t } = useT('designer');
  const used = useMemo(() => pageRegions(doc), [doc]);
  const current = editor.widget.authRegion;
  return (
    <>
      <div className="fh-prop-section">{t('props.region')}</div>
      <div style={{ padding: '0 8px 8px' }}>
        <Select
          mode="tags"
          size="small"
          style={{ width: '100%' }}
          data-testid="prop-region"
          value={current}
          placeholder={t('props.region-none')}
          tokenSeparators={[',', '，']}
          options={used.map((title) => ({ value: title, label: title }))}
          onChange={(values: string[]) => {
            const next = cleanRegions(values);
            if (JSON.stringify(next) !== JSON.stringify(current)) editor.patch({ authRegion: next });
          }}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
          {t('props.region-help')}
        </Typography.Text>
      </div>
    </>
  );
}
