import { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PageLoading } from './PageLoading';
import {
  designerRoutes,
  flattenRoutes,
  layoutRoutes,
  publicRoutes,
  type RouteDef,
  type ScreenName,
} from './routeTable';
import { RequireLogin, RequirePermission } from './RequireLogin';
import { MainLayout } from './layouts/MainLayout';
import { NotAvailable } from './NotAvailable';
import { ManageIndex } from './layouts/ManageIndex';
import { RootIndex } from './layouts/RootIndex';
import { queryClient } from './queryClient';
import { setSessionLostHandler } from './request';

/** The built screen of each route name; a route without one shows that it is not available yet. */
export type Screens = Partial<Record<ScreenName, LazyExoticComponent<ComponentType>>>;

/**
 * What the features put into the app shell. app/ imports no feature: the composition root
 * (main.tsx) hands their screens and the header's tools in.
 */
export interface AppParts {
  screens: Screens;
  /** shown in the main layout's header, before the account menu */
  headerTools: ReactNode;
}

function element(def: RouteDef, screens: Screens): ReactNode {
  if (def.redirect) return <Navigate to={def.redirect} replace />;
  const Screen = def.screen ? screens[def.screen] : null;
  const page = Screen ? <Screen /> : <NotAvailable routeId={def.id} />;
  return (
    <RequirePermission perm={def.perm}>
      <Suspense fallback={<PageLoading />}>{page}</Suspense>
    </RequirePermission>
  );
}

/** The whole route table: public pages, designers full screen, the rest inside the main layout. */
export function buildRoutes({ screens, headerTools }: AppParts): RouteObject[] {
  const toObject = (def: RouteDef & { fullPath: string }): RouteObject => ({
    path: def.fullPath,
    id: def.fullPath,
    element: element(def, screens),
  });
  const inLayout = flattenRoutes(layoutRoutes).map((def) =>
    def.fullPath === '/manage' ? { path: '/manage', id: '/manage', element: <ManageIndex /> } : toObject(def),
  );
  return [
    {
      path: '/',
      element: (
        <RequireLogin>
          <RootIndex />
        </RequireLogin>
      ),
    },
    ...flattenRoutes(publicRoutes).map(toObject),
    ...flattenRoutes(designerRoutes).map((def) => ({
      ...toObject(def),
      element: <RequireLogin>{element(def, screens)}</RequireLogin>,
    })),
    {
      element: (
        <RequireLogin>
          <MainLayout headerTools={headerTools} />
        </RequireLogin>
      ),
      children: inLayout,
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router over the features' screens; a lost session forgets every answer and goes to the login. */
export function createAppRouter(parts: AppParts): AppRouter {
  const router = createBrowserRouter(buildRoutes(parts));
  setSessionLostHandler(() => {
    queryClient.clear();
    if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  });
  return router;
}
