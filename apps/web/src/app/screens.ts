import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName } from './routeTable';

/** Built screens, loaded on first visit. */
export const screens: Partial<Record<ScreenName, LazyExoticComponent<ComponentType>>> = {
  login: lazy(() => import('../features/login/LoginPage')),
  notFound: lazy(() => import('../features/errors/NotFoundPage')),
  operationLog: lazy(() => import('../features/account/OperationLogPage')),
  feedback: lazy(() => import('../features/account/FeedbackPage')),
  userConfig: lazy(() => import('../features/account/UserConfigPage')),
};
