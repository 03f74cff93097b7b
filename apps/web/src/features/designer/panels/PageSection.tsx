/**
 * Page options (docs/requirements/pages-and-designer.md §2.1): title, size, fit, background, password
 * protection.
 */
import { useState } from 'react';
import { App, Button, Input, Select, Space, Switch } from 'antd';
import { useT } from '../../../app/useT';
import { useStore } from 'zustand';
import { FIT_MODES, type PageOptions } from '@fieldhub/hmi';
import { protectPage } from '../../../app/pages/pageApi';
import type { EditorStore } from '../editor/editorStore';
import { ColorField, CommitNumber, CommitText, Row } from './fields';
import { MaterialField } from './MaterialPicker';

/** Identity of the stored page, for the calls that are not part of the document. */
export interface PageRef {
  id: string;
  name: string;
  checkpwd: boolean;
}

/**
 * Password protection (docs/requirements/pages-and-designer.md §2.1, §2.5 checkpwd, password): set through
 * page/edit, stored hashed by the server and never written into the document, so it is not part of undo.
 */
function PasswordRows({ page }: { page: PageRef }) {
  const { t } = useT('designer');
  const { message } = App.useApp();
  const [on, setOn] = useState(page.checkpwd);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const apply = async (checkpwd: boolean, pwd?: string) => {
    setBusy(true);
    try {
      const row = await protectPage(page, checkpwd, pwd);
      setOn(row.checkpwd);
      setPassword('');
      message.success(row.checkpwd ? t('page.password-set') : t('page.password-removed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Row label={t('page.checkpwd')}>
        <Switch
          size="small"
          checked={on}
          loading={busy}
          data-testid="page-checkpwd"
          onChange={(v) => (v ? setOn(true) : void apply(false))}
        />
      </Row>
      {on && (
        <Row label={t('page.password')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input.Password
              size="small"
              maxLength={32}
              value={password}
              placeholder={page.checkpwd ? t('page.password-keep') : ''}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button size="small" disabled={!password || busy} onClick={() => void apply(true, password)}>
              {t('page.password-apply')}
            </Button>
          </Space.Compact>
        </Row>
      )}
    </>
  );
}

export function PageSection({ store, page }: { store: EditorStore; page: PageRef }) {
  const { t } = useT('designer');
  const options = useStore(store, (s) => s.doc.options);
  const count = useStore(store, (s) => s.doc.widgets.length);
  const save = (patch: Partial<PageOptions>) => store.getState().run({ type: 'pageOptions', patch });
  return (
    <div data-testid="prop-page">
      <div className="fh-prop-section">{t('page.section')}</div>
      <Row label={t('page.title')}>
        <CommitText testId="page-title" value={options.title} onCommit={(title) => save({ title })} />
      </Row>
      <Row label={t('page.width')}>
        <CommitNumber
          testId="page-width"
          value={options.width}
          min={10}
          max={10000}
          onCommit={(width) => save({ width })}
        />
      </Row>
      <Row label={t('page.height')}>
        <CommitNumber
          testId="page-height"
          value={options.height}
          min={10}
          max={10000}
          onCommit={(height) => save({ height })}
        />
      </Row>
      <Row label={t('page.fit')}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={options.fit}
          onChange={(fit) => save({ fit })}
          options={FIT_MODES.map((f) => ({ value: f, label: t(`page.fit-${f}`) }))}
        />
      </Row>
      <Row label={t('page.bg-color')}>
        <ColorField testId="page-bg" value={options.bgColor} onCommit={(bgColor) => save({ bgColor })} />
      </Row>
      <Row label={t('page.bg-image')}>
        <MaterialField
          testId="page-bg-image"
          value={options.bgImage}
          placeholder="/userimg/..."
          onCommit={(bgImage) => save({ bgImage })}
        />
      </Row>
      <PasswordRows page={page} />
      <div className="fh-prop-section">{t('page.stats')}</div>
      <Row label={t('page.widgets')}>
        <span data-testid="page-widget-count">{count}</span>
      </Row>
    </div>
  );
}
