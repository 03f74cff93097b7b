/** Style-tab settings of the navigation bar and menu: colours and their entries. */
import { Button, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { obj, str } from '../../../../app/widgets/styleOf';
import { CommitText, Row } from '../fields';
import type { WidgetEditor } from '../PropertyPanel';
import { read, section, useFields, type Loose } from './complexFields';

/** Entries of a nav bar or menu: label, page id or link, same or new window. */
function NavEntries({ editor }: { editor: WidgetEditor }) {
  const f = useFields(editor);
  const { t } = f;
  const items = (
    Array.isArray(read(f.w, 'data', 'navItems')) ? (read(f.w, 'data', 'navItems') as unknown[]) : []
  ).map(obj);
  const save = (next: Loose[]) => f.set('data', 'navItems', next);
  const update = (i: number, patch: (x: Loose) => Loose) =>
    save(items.map((x, k) => (k === i ? patch(x) : x)));
  return (
    <>
      {section(t('cprops.nav-items'))}
      {items.map((item, i) => {
        const config = obj(obj(item['clickEvent'])['config']);
        const setConfig = (key: string, value: unknown) =>
          update(i, (x) => ({
            ...x,
            clickEvent: { enable: true, config: { ...obj(obj(x['clickEvent'])['config']), [key]: value } },
          }));
        return (
          <div
            key={i}
            style={{ border: '1px solid #eef0f3', borderRadius: 4, padding: 6, marginBottom: 6 }}
            data-testid="nav-item-editor"
          >
            <Row label={t('cprops.label')}>
              <CommitText
                testId="nav-item-label"
                value={str(item['label'], '')}
                onCommit={(v) => update(i, (x) => ({ ...x, label: v }))}
              />
            </Row>
            <Row label={t('cprops.nav-action')}>
              <Select
                size="small"
                style={{ width: '100%' }}
                value={str(config['action'], 'page')}
                onChange={(v) => setConfig('action', v)}
                options={(['page', 'link'] as const).map((o) => ({ value: o, label: t(`cprops.nav-${o}`) }))}
              />
            </Row>
            {str(config['action'], 'page') === 'link' ? (
              <Row label={t('cprops.link')}>
                <CommitText
                  value={str(config['link'], '')}
                  placeholder="https://"
                  onCommit={(v) => setConfig('link', v)}
                />
              </Row>
            ) : (
              <Row label={t('cprops.page-id')}>
                <CommitText value={str(config['pageId'], '')} onCommit={(v) => setConfig('pageId', v)} />
              </Row>
            )}
            <Row label={t('cprops.new-window')}>
              <Space>
                <Switch
                  size="small"
                  checked={config['target'] === '_blank'}
                  onChange={(v) => setConfig('target', v ? '_blank' : '_self')}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => save(items.filter((_, k) => k !== i))}
                />
              </Space>
            </Row>
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        data-testid="nav-item-add"
        onClick={() =>
          save([
            ...items,
            {
              id: `nav-${Date.now().toString(36)}`,
              label: t('complex.nav-sample', { n: items.length + 1 }),
              iconHref: '',
              defaultAct: items.length === 0,
              authRegion: [],
              children: [],
              clickEvent: { enable: true, config: { action: 'page', pageId: '', target: '_self' } },
            },
          ])
        }
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
