/**
 * "Import from market" (docs/requirements/pages-and-designer.md §12.3): the platform's page templates
 * with their covers; importing one adds its widgets to the open page (new ids, at their positions,
 * one undoable step), then the page's bindings are repaired against the signals this user sees (§7.1):
 * a binding to a device of another enterprise is cleared and the user told how many widgets changed.
 */
import { useState } from 'react';
import { App, Button, Card, Empty, Input, Modal, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { prepareImport } from '@fieldhub/hmi';
import { marketCalls, pagesCalls, type PageDocumentJson, type PageTemplateRow } from '@fieldhub/shared';
import { designerPath, type PagesOwner } from '../../../app/config/usePages';
import { callApi } from '../../../app/request';
import { useLang, useT } from '../../../app/useT';
import { blockKey } from '../editor/editorActions';
import type { EditorStore } from '../editor/editorStore';
import { insertWidgets, newWidgetId, repairImported, symbolKeys } from './placement';

export function MarketImportDialog({
  store,
  pageEquipId,
  owner,
  onClose,
}: {
  store: EditorStore;
  pageEquipId: string | undefined;
  /** the open page's owner: "As a new page" adds the template there */
  owner: { kind: 'equipment' | 'project' | 'template'; id: string };
  onClose: () => void;
}) {
  const { t } = useT('designer');
  const { message } = App.useApp();
  const lang = useLang() === 'zh-CN' ? 'zh' : 'en';
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const navigate = useNavigate();
  const templates = useQuery({
    queryKey: [...symbolKeys.templates, name],
    queryFn: () => callApi(marketCalls.templates, { name: name || undefined }),
  });

  const importTemplate = async (row: PageTemplateRow) => {
    setBusy(row.id);
    try {
      const info = await callApi(marketCalls.templateInfo, { id: row.id });
      const prepared = prepareImport(store.getState().doc, info.document, newWidgetId);
      if (!prepared.ok) {
        const detail =
          prepared.reason === 'invalidPage' ? prepared.issues[0]![lang] : t(blockKey(prepared.reason));
        message.error(t('symbol.file-invalid', { detail }));
        return;
      }
      const blocked = insertWidgets(store, prepared.widgets, prepared.groups);
      if (blocked) return void message.error(t(blockKey(blocked)));
      message.success(t('symbol.imported-template', { name: row.name, n: prepared.widgets.length }));
      onClose();
      const repaired = await repairImported(store, pageEquipId);
      if (repaired) message.warning(t('symbol.repaired', { n: repaired }));
    } catch {
      // the request client has shown the failure
    } finally {
      setBusy(null);
    }
  };

  /** The template as a new page of the open page's owner (named after it), opened in the designer. */
  const importAsPage = async (row: PageTemplateRow) => {
    setBusy(row.id);
    try {
      const info = await callApi(marketCalls.templateInfo, { id: row.id });
      const added = await callApi(pagesCalls.add, {
        ownerKind: owner.kind,
        ownerId: Number(owner.id),
        name: row.name,
      });
      await callApi(pagesCalls.save, {
        id: added.id,
        version: added.version,
        document: info.document as PageDocumentJson,
      });
      const id = Number(owner.id);
      const pagesOwner: PagesOwner =
        owner.kind === 'equipment'
          ? { equipmentId: id }
          : owner.kind === 'project'
            ? { projectId: id }
            : { templateId: id };
      message.success(t('symbol.imported-as-page', { name: row.name }));
      onClose();
      void navigate(designerPath(pagesOwner, added.id));
    } catch {
      // the request client has shown the failure (2111 for a page name taken)
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal open width={760} title={t('symbol.market-title')} footer={null} onCancel={onClose}>
      <Input.Search
        allowClear
        placeholder={t('symbol.market-search')}
        onSearch={setName}
        style={{ marginBottom: 12, maxWidth: 320 }}
      />
      {templates.isLoading ? (
        <Spin />
      ) : !templates.data?.length ? (
        <Empty description={t('symbol.market-none')} />
      ) : (
        <div
          data-testid="market-templates"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 12 }}
        >
          {templates.data.map((row) => (
            <Card
              key={row.id}
              size="small"
              data-testid={`market-template-${row.name}`}
              cover={
                row.cover ? (
                  <img src={row.cover} alt="" style={{ height: 110, objectFit: 'cover' }} />
                ) : (
                  <div style={{ height: 110, background: '#f3f4f6' }} />
                )
              }
              actions={[
                <Button
                  key="import"
                  type="link"
                  size="small"
                  loading={busy === row.id}
                  data-testid="market-import"
                  onClick={() => void importTemplate(row)}
                >
                  {t('symbol.market-import')}
                </Button>,
                <Button
                  key="page"
                  type="link"
                  size="small"
                  disabled={busy === row.id}
                  data-testid="market-import-page"
                  onClick={() => void importAsPage(row)}
                >
                  {t('symbol.market-import-page')}
                </Button>,
              ]}
            >
              <Card.Meta
                title={row.name}
                description={
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                    {row.description || t('symbol.counts-widgets', { n: row.widgetCount })}
                  </Typography.Paragraph>
                }
              />
            </Card>
          ))}
        </div>
      )}
    </Modal>
  );
}
