/**
 * The "Symbols" tab of the designer (docs/requirements/pages-and-designer.md §12.2–§12.3): the
 * enterprise's symbols, each placed for a device (the page's device by default; on a project's
 * page one of the project's devices), a page or symbol file imported, the page exported, and page
 * templates imported from the configuration market.
 */
import { useState } from 'react';
import { App, Button, Empty, Form, List, Modal, Popconfirm, Select, Space, Typography, Upload } from 'antd';
import type { ButtonProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, ShopOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isSymbolFile, parseSymbol, prepareImport } from '@fieldhub/hmi';
import { marketCalls, SYMBOL_FILE_MAX_BYTES, type SymbolRow } from '@fieldhub/shared';
import { readJsonFile, saveJsonFile } from '../../../app/pages/pageFiles';
import { callApi } from '../../../app/request';
import { useEquipments } from '../../../app/signals/useSignals';
import { useLang, useT } from '../../../app/useT';
import { blockKey } from '../editor/editorActions';
import type { EditorStore } from '../editor/editorStore';
import { MarketImportDialog } from './MarketImportDialog';
import { insertWidgets, newWidgetId, placeStoredSymbol, repairImported, symbolKeys } from './placement';

export function SymbolsPanel({
  store,
  pageEquipId,
  owner,
}: {
  store: EditorStore;
  pageEquipId?: string;
  owner: { kind: 'equipment' | 'project' | 'template'; id: string };
}) {
  const { t } = useT('designer');
  const { message } = App.useApp();
  const client = useQueryClient();
  const symbols = useQuery({ queryKey: symbolKeys.list, queryFn: () => callApi(marketCalls.symbols) });
  const [placing, setPlacing] = useState<SymbolRow | null>(null);
  const [market, setMarket] = useState(false);
  const lang = useLang() === 'zh-CN' ? 'zh' : 'en';

  const importFile = async (file: File) => {
    const read = await readJsonFile(file);
    if (!read.ok) return void message.error(t(`symbol.file-${read.reason}`));
    if (isSymbolFile(read.value)) {
      if (file.size > SYMBOL_FILE_MAX_BYTES) return void message.error(t('symbol.file-tooLarge'));
      const parsed = parseSymbol(read.value);
      if (!parsed.ok)
        return void message.error(t('symbol.file-invalid', { detail: parsed.issues[0]![lang] }));
      const name = parsed.name || file.name.replace(/\.json$/i, '');
      await callApi(marketCalls.symbolAdd, { name, file: read.value });
      await client.invalidateQueries({ queryKey: symbolKeys.list });
      return void message.success(t('symbol.imported-symbol', { name }));
    }
    const prepared = prepareImport(store.getState().doc, read.value, newWidgetId);
    if (!prepared.ok) {
      const detail =
        prepared.reason === 'invalidPage' ? prepared.issues[0]![lang] : t(blockKey(prepared.reason));
      return void message.error(t('symbol.file-invalid', { detail }));
    }
    const blocked = insertWidgets(store, prepared.widgets, prepared.groups);
    if (blocked) return void message.error(t(blockKey(blocked)));
    message.success(t('symbol.imported-page', { n: prepared.widgets.length }));
    const repaired = await repairImported(store, pageEquipId);
    if (repaired) message.warning(t('symbol.repaired', { n: repaired }));
  };

  return (
    <div style={{ padding: 8 }} data-testid="symbols-panel">
      <Space wrap size={4} style={{ marginBottom: 8 }}>
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void importFile(file).catch(() => undefined);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} data-testid="symbol-import-file">
            {t('symbol.import-file')}
          </Button>
        </Upload>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          data-testid="page-export"
          onClick={() => {
            const doc = store.getState().doc;
            void saveJsonFile(doc.options.title || 'page', doc);
          }}
        >
          {t('symbol.export-page')}
        </Button>
        <Button
          size="small"
          icon={<ShopOutlined />}
          data-testid="market-open"
          onClick={() => setMarket(true)}
        >
          {t('symbol.market')}
        </Button>
      </Space>
      <List
        size="small"
        loading={symbols.isLoading}
        dataSource={symbols.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('symbol.none')} /> }}
        renderItem={(s) => (
          <List.Item data-testid={`symbol-${s.name}`} style={{ display: 'block' }}>
            <Typography.Text strong>{s.name}</Typography.Text>
            <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12, flex: 1 }}>
                {t('symbol.counts', { widgets: s.widgetCount, placeholders: s.placeholderCount })}
              </Typography.Text>
              <Button size="small" type="link" data-testid="symbol-place" onClick={() => setPlacing(s)}>
                {t('symbol.place')}
              </Button>
              <Popconfirm
                title={t('symbol.delete-confirm', { name: s.name })}
                onConfirm={async () => {
                  await callApi(marketCalls.symbolRemove, { id: s.id });
                  await client.invalidateQueries({ queryKey: symbolKeys.list });
                }}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('symbol.delete')}
                />
              </Popconfirm>
            </div>
          </List.Item>
        )}
      />
      {placing && (
        <PlaceSymbolDialog
          store={store}
          symbol={placing}
          pageEquipId={pageEquipId}
          onClose={() => setPlacing(null)}
        />
      )}
      {market && (
        <MarketImportDialog
          store={store}
          pageEquipId={pageEquipId}
          owner={owner}
          onClose={() => setMarket(false)}
        />
      )}
    </div>
  );
}

/** Asks for the device whose signals fill the symbol's placeholders, then places it. */
function PlaceSymbolDialog({
  store,
  symbol,
  pageEquipId,
  onClose,
}: {
  store: EditorStore;
  symbol: SymbolRow;
  pageEquipId?: string;
  onClose: () => void;
}) {
  const { t } = useT('designer');
  const { message, modal } = App.useApp();
  const equipments = useEquipments();
  const [equipId, setEquipId] = useState<string | undefined>(pageEquipId);
  const [busy, setBusy] = useState(false);
  const lang = useLang() === 'zh-CN' ? 'zh' : 'en';
  const options = (equipments.data ?? []).map((e) => ({ value: String(e.id), label: e.name }));
  return (
    <Modal
      open
      title={t('symbol.place-title', { name: symbol.name })}
      okText={t('symbol.place')}
      okButtonProps={{ disabled: !equipId, loading: busy, 'data-testid': 'symbol-place-ok' } as ButtonProps}
      onCancel={onClose}
      onOk={async () => {
        if (!equipId) return;
        setBusy(true);
        try {
          const title = options.find((o) => o.value === equipId)?.label ?? equipId;
          const placed = await placeStoredSymbol(store, symbol.id, { equipId, title });
          if (!placed.ok) {
            const detail =
              placed.reason === 'invalidSymbol' ? placed.issues[0]![lang] : t(blockKey(placed.reason));
            message.error(t('symbol.file-invalid', { detail }));
            return;
          }
          onClose();
          if (placed.unmatched.length) {
            modal.warning({
              title: t('symbol.unmatched', { n: placed.unmatched.length, device: title }),
              content: (
                <ul data-testid="symbol-unmatched">
                  {placed.unmatched.map((p) => (
                    <li key={p.id}>{p.name || p.key}</li>
                  ))}
                </ul>
              ),
            });
          } else {
            message.success(t('symbol.placed', { device: title }));
          }
        } catch {
          // the request client has shown the failure
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('symbol.device')} extra={t('symbol.device-hint')}>
          <Select
            showSearch
            optionFilterProp="label"
            value={equipId}
            onChange={setEquipId}
            options={options}
            loading={equipments.isLoading}
            data-testid="symbol-device"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
