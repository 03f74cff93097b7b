/**
 * The live page viewer (docs/requirements/projects.md §6.1): `/monitor/eg/detail/page/:pageId/...` shows one
 * device page, `/monitor/eg/group/configuration/:groupId/:id[/:pageId]` the pages of device `:id` as tabs
 * (its first page when none is named), `/monitor/project/:projectId/{page,preview}/:pageId` a
 * project page (after its password when protected), `/monitor/gm/ocInfo/:ocId` a project of the
 * operating centre full screen with its pages as navigation. Device pages take values from their devices'
 * sockets, project pages from the project socket; widgets outside the account's authRegion are
 * left out.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { InspectionTaskSidePanel } from '../../app/inspections/DeviceInspectionTab';
import { RepairOrderSidePanel } from '../../app/repairs/DeviceRepairTab';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, Input, Spin, Tabs, Tag, Tooltip } from 'antd';
import { useT } from '../../app/useT';
import { parsePage, widgetsFor, type PageDocument } from '@fieldhub/hmi';
import { pagesCalls, projectMonitorCalls, type MonitorSignal } from '@fieldhub/shared';
import { PageFrame } from '../../app/components/PageFrame';
import { callApi } from '../../app/request';
import { useSession } from '../../app/session';
import { loadViewedPage, PageContentError } from '../../app/pages/pageApi';
import type { FailedReadingRule } from '../../app/widgets/runtime';
import type { DeviceState } from './deviceFeed';
import { pageEquipments, pageSources, pageSystemKeys, type ViewerScope } from './pageView';
import { deviceWriteCalls, projectWriteCalls, useClickRunner, type WriteCalls } from './useClickRunner';
import { useDeviceFeeds } from './useDeviceFeeds';
import { useProjectFeed } from './useProjectFeed';
import { devicesWatched } from './systemFeed';
import { useSystemFeed } from './useSystemFeed';
import { ValueStore } from './valueStore';
import { OcProjectView } from './OcProjectView';
import { ViewerCanvas } from './ViewerCanvas';
import { ViewerPopup } from './ViewerPopup';
import './viewer.css';

/** How the page's devices are doing: all live, some offline (values greyed), or starting. */
function LiveSummary({ feed }: { feed: Feed | null }) {
  const { t } = useT('viewer');
  const devices = feed ? [...feed.devices.values()] : [];
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

/** A page drawn inside a click's popup: a device page of that device, or a page of the project. */
function popupPage(scope: ViewerScope, pageId: string): ReactNode {
  return scope.kind === 'project' ? (
    <ProjectPage key={pageId} projectId={scope.projectId} pageId={pageId} bare />
  ) : (
    <DevicePage key={pageId} pageId={pageId} equipmentId={scope.equipmentId} bare />
  );
}

/** What the live summary and the write checks read of a feed (device or project). */
interface Feed {
  signals: ReadonlyMap<string, MonitorSignal>;
  devices: ReadonlyMap<string, DeviceState>;
}

/** One page document, live, with the values of `feed` in `store`. */
function LivePage(props: {
  doc: PageDocument;
  scope: ViewerScope;
  store: ValueStore;
  feed: Feed | null;
  calls: WriteCalls;
}) {
  const { doc, scope, store, feed, calls } = props;
  const { t } = useT('viewer');
  const user = useSession((s) => s.user);
  const widgets = useMemo(() => (user ? widgetsFor(doc.widgets, user) : []), [doc.widgets, user]);
  const runner = useClickRunner({ scope, store, signals: feed?.signals ?? NO_SIGNALS, calls });
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <span>
          <LiveSummary feed={feed} />
          {runner.writing && <Tag color="processing">{t('write.running')}</Tag>}
        </span>
      </Flex>
      {doc.widgets.length === 0 ? (
        <Empty description={t('empty')} data-testid="viewer-empty" />
      ) : (
        <ViewerCanvas
          doc={doc}
          widgets={widgets}
          store={store}
          fit={doc.options.fit}
          onWidgetClick={runner.onWidgetClick}
          onWidgetPress={runner.onWidgetPress}
        />
      )}
      {runner.popup && (
        <ViewerPopup popup={runner.popup} onClose={runner.closePopup} renderPage={popupPage} />
      )}
    </>
  );
}

const NO_SIGNALS: ReadonlyMap<string, MonitorSignal> = new Map();

const storeFor = (scope: ViewerScope, failedReading?: FailedReadingRule) =>
  new ValueStore({
    scope: { kind: scope.kind, id: scope.kind === 'project' ? scope.projectId : scope.equipmentId },
    failedReading,
  });

/** A device page, live on its devices' sockets. */
function DeviceLivePage({ doc, scope }: { doc: PageDocument; scope: ViewerScope }) {
  const store = useMemo(() => storeFor(scope), [scope]);
  const keys = useMemo(() => pageSystemKeys(doc), [doc]);
  const pageDevice = scope.kind === 'equipment' ? scope.equipmentId : '';
  const equipments = useMemo(
    () => devicesWatched(pageEquipments(doc), keys, pageDevice),
    [doc, keys, pageDevice],
  );
  const onEvent = useSystemFeed(store, keys, scope);
  const feed = useDeviceFeeds(store, equipments, onEvent);
  return <LivePage doc={doc} scope={scope} store={store} feed={feed} calls={deviceWriteCalls} />;
}

/** A project page, live on the project socket. */
function ProjectLivePage({
  doc,
  projectId,
  pageId,
  failedReading,
}: {
  doc: PageDocument;
  projectId: string;
  pageId: string;
  /** the project's rule for a failed reading (docs/requirements/projects.md §2.1) */
  failedReading: FailedReadingRule;
}) {
  const scope = useMemo<ViewerScope>(() => ({ kind: 'project', projectId }), [projectId]);
  const { show, text } = failedReading;
  const store = useMemo(() => storeFor(scope, { show, text }), [scope, show, text]);
  const sources = useMemo(() => ({ projectId, pageId, ...pageSources(doc) }), [doc, pageId, projectId]);
  const keys = useMemo(() => pageSystemKeys(doc), [doc]);
  const onEvent = useSystemFeed(store, keys, scope);
  const feed = useProjectFeed(store, sources, onEvent);
  const calls = useMemo(() => projectWriteCalls(projectId), [projectId]);
  return <LivePage doc={doc} scope={scope} store={store} feed={feed} calls={calls} />;
}

function LoadFailure({ error }: { error: unknown }) {
  const { t } = useT('viewer');
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

/** The console's frame around a viewed page, or nothing in a popup (`bare`, the popup has its title). */
function Frame({ bare, title, children }: { bare?: boolean; title: ReactNode; children: ReactNode }) {
  return bare ? <>{children}</> : <PageFrame title={title}>{children}</PageFrame>;
}

/**
 * A device page by id: the page decides its device, or must be a page of `equipmentId` when given
 * (a project page, or another device's, is "page not found or no permission").
 */
function DevicePage({
  pageId,
  equipmentId,
  tabs,
  bare,
}: {
  pageId: string;
  equipmentId?: string;
  tabs?: ReactNode;
  bare?: boolean;
}) {
  const { t } = useT('viewer');
  const client = useQueryClient();
  const page = useQuery({
    queryKey: ['viewer', 'page', pageId, equipmentId],
    queryFn: () => loadViewedPage(pageId, equipmentId),
    retry: false,
  });
  const scope = useMemo<ViewerScope | null>(
    () => (page.data ? { kind: 'equipment', equipmentId: page.data.ownerId } : null),
    [page.data],
  );
  return (
    <Frame bare={bare} title={page.data?.name ?? t('title')}>
      {tabs}
      {page.isPending ? (
        <Spin style={{ display: 'block', margin: 48 }} data-testid="viewer-loading" />
      ) : page.isError ? (
        <LoadFailure error={page.error} />
      ) : page.data.doc === null ? (
        <PasswordGate
          call={pagesCalls.validPassword}
          pageId={pageId}
          onOpened={() => void client.invalidateQueries({ queryKey: ['viewer', 'page', pageId] })}
        />
      ) : (
        <DeviceLivePage key={pageId} doc={page.data.doc} scope={scope!} />
      )}
    </Frame>
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
  const { t } = useT('viewer');
  const navigate = useNavigate();
  const pages = useQuery({
    queryKey: ['viewer', 'pages', equipmentId],
    queryFn: () =>
      callApi(pagesCalls.list, { ownerKind: 'equipment', ownerId: equipmentId }, { silent: true }),
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
  return <DevicePage pageId={current} equipmentId={equipmentId} tabs={tabs} />;
}

/** The password of a protected page (the device or the project page's validPassword call), then the page. */
function PasswordGate({
  call,
  pageId,
  onOpened,
}: {
  call: typeof pagesCalls.validPassword | typeof projectMonitorCalls.validPagePassword;
  pageId: string;
  onOpened(): void;
}) {
  const { t } = useT('viewer');
  const [form] = Form.useForm<{ password: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await callApi(call, { id: pageId, password }, { silent: true });
      onOpened();
    } catch (err) {
      form.setFields([{ name: 'password', errors: [err instanceof Error ? err.message : String(err)] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex justify="center" style={{ padding: '48px 0' }}>
      <Form
        form={form}
        layout="vertical"
        style={{ width: 320 }}
        onFinish={submit}
        data-testid="viewer-password"
      >
        <Alert type="info" showIcon title={t('password.title')} style={{ marginBottom: 16 }} />
        <Form.Item
          name="password"
          label={t('password.label')}
          rules={[{ required: true, message: t('password.required') }]}
        >
          <Input.Password autoFocus maxLength={64} data-testid="viewer-password-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="viewer-password-submit">
          {t('password.submit')}
        </Button>
      </Form>
    </Flex>
  );
}

/** /monitor/project/:projectId/page/:pageId (and preview): a project page, password first when protected. */
function ProjectPage({ projectId, pageId, bare }: { projectId: string; pageId: string; bare?: boolean }) {
  const { t } = useT('viewer');
  const client = useQueryClient();
  const key = ['viewer', 'project-page', pageId];
  // page info is cached per id (docs/requirements/projects.md §6.2); unlocking drops the cached answer
  const info = useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await callApi(projectMonitorCalls.pageInfo, { id: pageId }, { silent: true });
      if (!answer.document) return { answer, doc: null };
      const parsed = parsePage(answer.document);
      if (!parsed.ok) throw new PageContentError(parsed.issues);
      return { answer, doc: parsed.page };
    },
    retry: false,
    staleTime: Infinity,
  });
  let body: ReactNode;
  if (info.isPending) body = <Spin style={{ display: 'block', margin: 48 }} data-testid="viewer-loading" />;
  else if (info.isError) body = <LoadFailure error={info.error} />;
  else if (!info.data.doc)
    body = (
      <PasswordGate
        call={projectMonitorCalls.validPagePassword}
        pageId={pageId}
        onOpened={() => void client.invalidateQueries({ queryKey: key })}
      />
    );
  else
    body = (
      <ProjectLivePage
        key={pageId}
        doc={info.data.doc}
        projectId={projectId}
        pageId={pageId}
        failedReading={{ show: info.data.answer.errorValShow, text: info.data.answer.errorDefaultVal }}
      />
    );
  return (
    <Frame bare={bare} title={info.data?.answer.name ?? t('title')}>
      {body}
    </Frame>
  );
}

export default function ViewerPage() {
  const params = useParams();
  if (params.ocId !== undefined)
    return (
      <OcProjectView
        ocId={params.ocId}
        page={(pageId) => <ProjectPage key={pageId} projectId={params.ocId!} pageId={pageId} />}
      />
    );
  if (params.projectId !== undefined)
    return <ProjectPage projectId={params.projectId} pageId={params.pageId ?? ''} />;
  if (params.groupId !== undefined && params.id !== undefined)
    return <DevicePages groupId={params.groupId} equipmentId={params.id} pageId={params.pageId} />;
  // /monitor/eg/detail/page/:pageId/:orderType/:orderId: the page with the order or inspection task
  // beside it (operations.md §1, §2.6)
  return (
    <>
      <DevicePage pageId={params.pageId ?? ''} />
      {params.orderType === 'inspection' && Number(params.orderId) > 0 && (
        <InspectionTaskSidePanel key={params.orderId} taskId={Number(params.orderId)} />
      )}
      {params.orderType === 'repair' && Number(params.orderId) > 0 && (
        <RepairOrderSidePanel
          key={params.orderId}
          orderId={Number(params.orderId)}
          onClose={() => undefined}
        />
      )}
    </>
  );
}
