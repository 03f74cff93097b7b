import { useNavigate } from 'react-router-dom';
import { useT } from '../../app/useT';
import { toastError } from '../../app/notify';
import { homePageOf } from './useProjects';

/** Where a project's page is monitored (docs/requirements/projects.md §1.3). */
export function monitorPath(projectId: number, pageId: number): string {
  return `/monitor/project/${projectId}/page/${pageId}`;
}

/**
 * Opens the monitor on a project's first page the caller may see; `homePageId` when the row
 * already names it, else asked from the server (the page order may have changed).
 */
export function useOpenMonitor() {
  const { t } = useT('projects');
  const navigate = useNavigate();
  return async (projectId: number, homePageId?: number | null) => {
    const pageId = homePageId ?? (await homePageOf(projectId).catch(() => undefined));
    if (pageId === undefined) return; // the request client has shown why
    if (pageId === null) toastError(t('no-pages'));
    else void navigate(monitorPath(projectId, pageId));
  };
}
