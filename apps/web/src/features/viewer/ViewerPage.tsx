/**
 * The live page viewer on the device routes (seed 001 §2): `/monitor/eg/detail/page/:pageId/...`
 * shows one page, `/monitor/eg/group/configuration/:groupId/:id[/:pageId]` the pages of device
 * `:id` as tabs (its first page when none is named). The page's values come from its devices'
 * sockets; widgets outside the account's authRegion are left out.
 */
import { useMemo, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Spin, Tabs, Tag, Tooltip } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageRow } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { request } from '../../app/request';
import { useSession } from '../../app/session';
import { loadPage, PageContentError, type StoredPage } from '../designer/data/pageApi';
import type { DeviceFeeds } from './deviceFeed';
import { pageEquipments, visibleTo, type ViewerScope } from './pageView';
import { deviceWriteCalls, useClickRunner, type IframePopup } from './useClickRunner';
import { useDeviceFeeds } from './useDeviceFeeds';
import { ValueStore } from './valueStore';
import { ViewerCanvas } from './ViewerCanvas';
import '../designer/designer.css';
import './viewer.css';

/** How the page's devices are doing: all live, some offline (values greyed), or starting. */
function LiveSummary({ feeds }: { feeds: DeviceFeeds | null }) {
  const { t } = useTranslation('viewer');
  const devices = feeds ? [...feeds.devices.values()] : [];
  if (!devices.length) return null;
  const known = devices.filter((d) => d.gateway !== null);
  const offline = known.filter((d) => d.gateway === 'none' || d.gateway?.status !== 'online').length;
  let tag = { color: 'processing', text: t('live.starting') };
  if (known.length === devices.length)
    tag = offline
      ? { color: 'warning', text: t('live.offline', { count: offline }) }
      : devices.some((d) => d.paused)
        ? { color: 'default', text: t('live.paused') }
        : { color: 'success', text: t('live.on') };
  return (
    <Tooltip title={offline ? t('live.offline-help') : undefined}>
      <Tag color={tag.color} data-testid="viewer-live">
        {tag.text}
      </Tag>
    </Tooltip>
  );
}

function Popup({ popup, onClose }: { popup: IframePopup; onClose(): void }) {
  const { t } = useTranslation('viewer');
  const left = popup.centered ? Math.max(0, (window.innerWidth - popup.width) / 2) : popup.left;
  const top = popup.centered ? Math.max(0, (window.innerHeight - popup.height) / 2) : popup.top;
  return (
    <div
      className="fh-v-popup"
      data-testid="viewer-popup"
      style={{ left, top, width: popup.width, height: popup.height }}
    >
      <div className="fh-v-popup-bar">
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined />}
          aria-label={t('popup.close')}
          onClick={onClose}
        />
      </div>
      <iframe
        src={popup.src}
        title={t('popup.title')}
        sandbox="allow-scripts allow-same-origin allow-forms"
      />
    </div>
  );
}

/** One stored page, live. */
export function LivePage({ page, scope }: { page: StoredPage; scope: ViewerScope }) {
  const { t } = useTranslation('viewer');
  const user = useSession((s) => s.user);
  const store = useMemo(
    () =>
      new ValueStore({
        scope: { kind: scope.kind, id: scope.kind === 'project' ? scope.projectId : scope.equipmentId },
      }),
    [scope],
  );
  const equipments = useMemo(() => pageEquipments(page.doc), [page.doc]);
  const feeds = useDeviceFeeds(store, equipments);
  const widgets = useMemo(
    () => (user ? page.doc.widgets.filter((w) => visibleTo(w, user)) : []),
    [page.doc.widgets, user],
  );
  const runner = useClickRunner({
    scope,
    store,
    signals: feeds?.signals ?? new Map(),
    calls: deviceWriteCalls,
  });
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <span>
          <LiveSummary feeds={feeds} />
          {runner.writing && <Tag color="processing">{t('write.running')}</Tag>}
        </span>
      </Flex>
      {page.doc.widgets.length === 0 ? (
        <Empty description={t('empty')} data-testid="viewer-empty" />
      ) : (
        <ViewerCanvas
          doc={page.doc}
          widgets={widgets}
          store={store}
          fit={page.doc.options.fit}
          onWidgetClick={runner.onWidgetClick}
        />
      )}
      {runner.popup && <Popup popup={runner.popup} onClose={runner.closePopup} />}
    </>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('viewer');
  const detail =
    error instanceof PageContentError
      ? error.message
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <Alert type="error" showIcon title={t('load-failed')} description={detail} data-testid="viewer-error" />
  );
}

/** A device page by id: the page decides its device. */
function DevicePage({ pageId, tabs }: { pageId: string; tabs?: ReactNode }) {
  const { t } = useTranslation('viewer');
  const page = useQuery({
    queryKey: ['viewer', 'page', pageId],
    queryFn: () => loadPage(pageId),
    retry: false,
  });
  const scope = useMemo<ViewerScope | null>(
    () => (page.data ? { kind: 'equipment', equipmentId: page.data.ownerId } : null),
    [page.data],
  );
  return (
    <PageFrame title={page.data?.name ?? t('title')}>
      {tabs}
      {page.isPending ? (
        <Spin style={{ display: 'block', margin: 48 }} data-testid="viewer-loading" />
      ) : page.isError ? (
        <LoadFailure error={page.error} />
      ) : (
        <LivePage key={pageId} page={page.data} scope={scope!} />
      )}
    </PageFrame>
  );
}

/** /monitor/eg/group/configuration/:groupId/:id[/:pageId]: the device's pages as tabs. */
function DevicePages({
  groupId,
  equipmentId,
  pageId,
}: {
  groupId: string;
  equipmentId: string;
  pageId?: string;
}) {
  const { t } = useTranslation('viewer');
  const navigate = useNavigate();
  const pages = useQuery({
    queryKey: ['viewer', 'pages', equipmentId],
    queryFn: () =>
      request<PageRow[]>(
        '/lfscada/configuration/page/query',
        { ownerKind: 'equipment', ownerId: equipmentId },
        { json: true, silent: true },
      ),
    retry: false,
  });
  if (pages.isPending) return <Spin style={{ display: 'block', margin: 48 }} data-testid="viewer-loading" />;
  if (pages.isError)
    return (
      <PageFrame title={t('title')}>
        <LoadFailure error={pages.error} />
      </PageFrame>
    );
  const current = pageId ?? (pages.data[0] ? String(pages.data[0].id) : undefined);
  if (!current)
    return (
      <PageFrame title={t('title')}>
        <Empty description={t('no-pages')} data-testid="viewer-no-pages" />
      </PageFrame>
    );
  const tabs =
    pages.data.length > 1 ? (
      <Tabs
        activeKey={current}
        data-testid="viewer-page-tabs"
        items={pages.data.map((p) => ({ key: String(p.id), label: p.name }))}
        onChange={(key) => navigate(`/monitor/eg/group/configuration/${groupId}/${equipmentId}/${key}`)}
      />
    ) : undefined;
  return <DevicePage pageId={current} tabs={tabs} />;
}

export default function ViewerPage() {
  const params = useParams();
  if (params.groupId !== undefined && params.id !== undefined)
    return <DevicePages groupId={params.groupId} equipmentId={params.id} pageId={params.pageId} />;
  return <DevicePage pageId={params.pageId ?? ''} />;
}
