import { Drawer, Result, Skeleton, Tabs } from 'antd';
import { ApiError } from '../../app/request';
import { useT } from '../../app/useT';
import { PagesTab } from '../../app/config/PagesTab';
import { ProjectAccountsTab } from './ProjectAccountsTab';
import { ProjectEquipTab } from './ProjectEquipTab';
import { ProjectInfoTab } from './ProjectInfoTab';
import { ProjectMvarTab } from './ProjectMvarTab';
import { ProjectShareTab } from './ProjectShareTab';
import { PROJECT_TABS, type ProjectTab } from './projectTabs';
import { useProjectInfo } from './useProjects';

/**
 * One project's management in tabs (docs/requirements/projects.md §1.1: pages, bound devices, members and
 * page permissions, sharing, intermediate variables; §2 the project). The open project and tab live in the
 * list's address, so a reload or a shared link lands on the same tab.
 */
export function ProjectDrawer({
  projectId,
  tab,
  onTab,
  onClose,
}: {
  projectId: number | undefined;
  tab: ProjectTab;
  onTab(tab: ProjectTab): void;
  onClose(): void;
}) {
  const { t } = useT('projects');
  // the title comes from the project itself (the list may be filtered without it); the tabs wait
  // for it, so a project that cannot be opened makes no other call
  const info = useProjectInfo(projectId, true);
  const body = (key: ProjectTab, id: number) => {
    switch (key) {
      case 'info':
        return <ProjectInfoTab projectId={id} />;
      case 'pages':
        return <PagesTab owner={{ projectId: id }} />;
      case 'equipment':
        return <ProjectEquipTab projectId={id} />;
      case 'accounts':
        return <ProjectAccountsTab projectId={id} />;
      case 'share':
        return <ProjectShareTab projectId={id} />;
      case 'mvars':
        return <ProjectMvarTab projectId={id} />;
    }
  };
  return (
    <Drawer
      open={projectId !== undefined}
      size={1040}
      title={info.data?.name}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { paddingTop: 8 } }}
      data-testid="project-drawer"
    >
      {info.isError ? (
        // another enterprise's project, or one deleted meanwhile: say so instead of empty tabs
        <Result
          status="warning"
          title={info.error instanceof ApiError ? info.error.message : t('load-failed')}
          data-testid="project-missing"
        />
      ) : !info.data || projectId === undefined ? (
        <Skeleton active />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => onTab(key as ProjectTab)}
          items={PROJECT_TABS.map((key) => ({
            key,
            label: <span data-testid={`project-tab-${key}`}>{t(`tab.${key}`)}</span>,
            children: body(key, projectId),
          }))}
        />
      )}
    </Drawer>
  );
}
