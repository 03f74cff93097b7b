/**
 * Style-tab settings of the navigation bar and menu (docs/requirements/widgets.md §5.1): colours and
 * the entry tree — per entry its label, icon, target (page, device page or link), whether it is
 * active when the page opens, its authorisation regions and its children.
 */
import { Button, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  addEntry,
  navEntriesOf,
  newNavEntry,
  removeEntry,
  setDefaultActive,
  updateEntry,
  type NavEntry,
  type NavPath,
} from '@fieldhub/hmi';
import { useT } from '../../../../app/useT';
import { CommitText, Row } from '../fields';
import type { WidgetEditor } from '../PropertyPanel';
import { MaterialField } from '../MaterialPicker';
import { cleanRegions } from '../RegionSection';
import { ClickTargetFields } from './clickTarget';
import { read, section, useFields } from './complexFields';

/** Deepest level of children an entry editor offers (bar → drop-down → sub-menu). */
const MAX_DEPTH = 3;

const newId = () => `nav-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Every region title used by the entries, for the region picker. */
const usedRegions = (entries: readonly NavEntry[]): string[] => [
  ...new Set(entries.flatMap((e) => [...e.authRegion, ...usedRegions(e.children)])),
];

/** One entry and, indented below it, its children. */
function EntryEditor({
  entry,
  path,
  entries,
  save,
}: {
  entry: NavEntry;
  path: NavPath;
  entries: NavEntry[];
  save(next: NavEntry[]): void;
}) {
  const { t } = useT('designer');
  const update = (fn: (e: NavEntry) => NavEntry) => save(updateEntry(entries, path, fn));
  return (
    <div
      style={{ border: '1px solid #eef0f3', borderRadius: 4, padding: 6, marginBottom: 6 }}
      data-testid="nav-item-editor"
      data-depth={path.length}
    >
      <Row label={t('cprops.label')}>
        <CommitText
          testId="nav-item-label"
          value={entry.label}
          onCommit={(label) => update((e) => ({ ...e, label }))}
        />
      </Row>
      <Row label={t('cprops.nav-icon')}>
        <MaterialField
          testId="nav-item-icon"
          value={entry.iconHref}
          placeholder="https://…/icon.png"
          onCommit={(iconHref) => update((e) => ({ ...e, iconHref }))}
        />
      </Row>
      {!entry.children.length && (
        <ClickTargetFields
          event={entry.clickEvent}
          onChange={(clickEvent) => update((e) => ({ ...e, clickEvent }))}
        />
      )}
      <Row label={t('cprops.nav-default')}>
        <Switch
          size="small"
          data-testid="nav-item-default"
          checked={entry.defaultAct}
          onChange={(on) => save(setDefaultActive(entries, path, on))}
        />
      </Row>
      <Row label={t('cprops.nav-region')}>
        <Select
          mode="tags"
          size="small"
          style={{ width: '100%' }}
          data-testid="nav-item-region"
          value={entry.authRegion}
          placeholder={t('props.region-none')}
          tokenSeparators={[',', '，']}
          options={usedRegions(entries).map((r) => ({ value: r, label: r }))}
          onChange={(values: string[]) => update((e) => ({ ...e, authRegion: cleanRegions(values) }))}
        />
      </Row>
      <Space style={{ marginBottom: entry.children.length ? 6 : 0 }}>
        {path.length < MAX_DEPTH && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            data-testid="nav-item-add-child"
            onClick={() =>
              save(
                addEntry(
                  entries,
                  path,
                  newNavEntry(newId(), t('cprops.nav-child', { n: entry.children.length + 1 })),
                ),
              )
            }
          >
            {t('cprops.nav-add-child')}
          </Button>
        )}
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          data-testid="nav-item-remove"
          onClick={() => save(removeEntry(entries, path))}
        />
      </Space>
      {entry.children.length > 0 && (
        <div style={{ paddingLeft: 10, borderLeft: '2px solid #e5e7eb' }}>
          {entry.children.map((c, i) => (
            <EntryEditor key={c.id} entry={c} path={[...path, i]} entries={entries} save={save} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The entry tree of a nav bar or menu. */
function NavEntries({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const entries = navEntriesOf(read(f.w, 'data', 'navItems'));
  const save = (next: NavEntry[]) => f.set('data', 'navItems', next);
  return (
    <>
      {section(t('cprops.nav-items'))}
      {entries.map((e, i) => (
        <EntryEditor key={e.id} entry={e} path={[i]} entries={entries} save={save} />
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="nav-item-add"
        onClick={() => {
          const entry = newNavEntry(newId(), t('complex.nav-sample', { n: entries.length + 1 }));
          save(addEntry(entries, [], { ...entry, defaultAct: entries.length === 0 }));
        }}
      >
        {t('cprops.add-row')}
      </Button>
    </>
  );
}

/** The navigation types' own settings. */
export function NavProps({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t, w } = f;
  switch (w.widgetType) {
    case 'NavigateNav':
    case 'NavigateMenu':
      return (
        <>
          {f.color('style', 'fill', t('props.fill'), w.widgetType === 'NavigateNav' ? '#001529' : '#FFFFFF')}
          {f.color(
            'style',
            'color',
            t('props.color'),
            w.widgetType === 'NavigateNav' ? '#FFFFFF' : '#000000',
          )}
          {f.color('style', 'activeColor', t('cprops.active-color'), '#1890FF')}
          <NavEntries editor={editor} />
        </>
      );
    default:
      return null;
  }
}
