import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Flex, Spin, Tabs, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { projectsCalls } from '@fieldhub/shared';
import { callApi } from '../../app/request';
import { useT } from '../../app/useT';

/**
 * /monitor/gm/ocInfo/:ocId (docs/requirements/data-views.md §1.2): a project of the operating centre
 * full screen over the console, its pages the account may see as navigation (the home page first),
 * the chosen one drawn live by `page` (the viewer's project page, with its refresh timers).
 */
export function OcProjectView({ ocId, page }: { ocId: string; page: (pageId: string) => ReactNode }) {
  const { t } = useT('opsCenter');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [fullscreen, setFullscreen] = useState(() => !!document.fullscreenElement);
  const info = useQuery({
    queryKey: ['opsCenter', 'project', ocId],
    queryFn: () => callApi(projectsCalls.info, { id: ocId }, { silent: true }),
    retry: false,
  });
  useEffect(() => {
    const onChange = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const pages = info.data?.pages ?? [];
  const current = search.get('page') ?? (pages[0] ? String(pages[0].id) : null);
  const toggleFullscreen = () =>
    void (
      document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()
    ).catch(() => undefined);

  let body: ReactNode;
  if (info.isPending)
    body = <Spin style={{ display: 'block', margin: 48 }} data-testid="oc-project-loading" />;
  else if (info.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('load-failed')}
        description={info.error instanceof Error ? info.error.message : String(info.error)}
        data-testid="oc-project-error"
      />
    );
  else if (!current) body = <Empty description={t('no-pages')} data-testid="oc-project-no-pages" />;
  else body = page(current);

  return (
    <div className="fh-oc-full" data-testid="oc-project">
      <Flex className="fh-oc-bar" align="center" gap={12}>
        <Tooltip title={t('back')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('back')}
            onClick={() => void navigate('/monitor/gm/ocInfo')}
            data-testid="oc-project-back"
          />
        </Tooltip>
        <Typography.Text strong ellipsis style={{ fontSize: 16, maxWidth: 280 }}>
          {info.data?.name ?? ''}
        </Typography.Text>
        <Tabs
          size="small"
          style={{ flex: 1, minWidth: 0, marginBottom: -16 }}
          activeKey={current ?? undefined}
          items={pages.map((p) => ({ key: String(p.id), label: p.name }))}
          onChange={(key) => setSearch({ page: key }, { replace: true })}
          aria-label={t('pages')}
          data-testid="oc-project-pages"
        />
        <Tooltip title={t(fullscreen ? 'exit-fullscreen' : 'fullscreen')}>
          <Button
            type="text"
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={t(fullscreen ? 'exit-fullscreen' : 'fullscreen')}
            onClick={toggleFullscreen}
          />
        </Tooltip>
      </Flex>
      <div className="fh-oc-body">{body}</div>
    </div>
  );
}
